-- The number of entries the search index holds for a tsquery, counted by the index alone (see
-- CatalogueRepository.indexedMatches): the bitmap scan of a query that stops at its first row
-- collects every entry, and EXPLAIN ANALYZE says how many. One statement: the planner settings
-- that keep the plan a bitmap scan belong to the function, where a transaction of its own with
-- SET LOCAL took four round trips (begin, settings, the plan, commit: about 1.5 ms of the 2.5 ms
-- of a count at a million media). Volatile, as a STABLE function may not run EXPLAIN.
CREATE FUNCTION mk_indexed_matches(query tsquery) RETURNS bigint
  LANGUAGE plpgsql
  SET enable_seqscan = off
  SET enable_indexscan = off
  AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF, FORMAT JSON)
           SELECT 1 FROM media m WHERE m.search_vector @@ $1 LIMIT 1'
    INTO plan USING query;
  RETURN (
    -- numeric: newer servers (PGlite's) give rows as decimals ('12.00').
    SELECT coalesce(round(sum((node ->> 'Actual Rows')::numeric)), 0)::bigint
    FROM jsonb_path_query(plan::jsonb, 'strict $.** ? (@."Node Type" == "Bitmap Index Scan")') AS node
  );
END
$$;
