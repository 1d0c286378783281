-- Where there is no RUM index (PGlite, servers without the extension: migration 0016), the words
-- get a GIN index of their own besides media_search_idx (migration 0024), which holds them with
-- the filters: without RUM, PGlite's planner costed a word's scan of the larger index higher and
-- chose worse plans (100,000 media: prefixes and compounds 40 % slower). With RUM, PostgreSQL
-- was as fast without this index (a million media), so it is not built there: 252 MB and a
-- longer load for nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = current_schema()
                 AND indexname = 'media_search_popular_idx') THEN
    CREATE INDEX IF NOT EXISTS "media_search_vector_idx" ON "media" USING gin ("search_vector");
  END IF;
END $$;
