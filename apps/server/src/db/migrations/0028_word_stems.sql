-- What the catalogue holds of query words (see CatalogueRepository.wordStems): for each folded
-- word its lexeme, whether the vocabulary or any published medium has it, and the vocabulary's
-- version. The media are looked up through bitmap scans of the search index only: for a word it
-- expects in a few hundred media, PGlite's planner chose to read the table (100,000 media: 220-400
-- ms for a word nowhere, where the index answers in a millisecond). The settings belong to the
-- function, one statement, where a transaction of its own with SET LOCAL took four round trips
-- (begin, settings, the query, commit) for every query with a word the vocabulary lacks.
CREATE FUNCTION mk_word_stems(words text[])
  RETURNS TABLE (raw text, stem text, in_catalogue boolean, vocabulary bigint)
  LANGUAGE sql STABLE
  SET enable_seqscan = off
  SET enable_indexscan = off
  AS $$
    SELECT q.raw, q.stem,
           EXISTS (SELECT 1 FROM search_words w WHERE w.word = q.stem)
             OR EXISTS (SELECT 1 FROM media m WHERE m.fn_status = 'published'
                          AND m.search_vector @@ to_tsquery('simple', q.stem)),
           v.vocabulary
    FROM catalogue_version v
    LEFT JOIN (SELECT t.position, t.raw,
                      (SELECT l.lexeme FROM unnest(to_tsvector('german', t.raw)) AS l LIMIT 1) AS stem
               FROM unnest(words) WITH ORDINALITY AS t(raw, position)) AS q ON q.stem IS NOT NULL
    WHERE v.id = 1
    ORDER BY q.position
  $$;
