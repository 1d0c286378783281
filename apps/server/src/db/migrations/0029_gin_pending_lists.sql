-- Every scan of a GIN index reads the whole of its pending list (the entries of changed media
-- not yet merged into the index), up to 4 MB by default. A search reads the index once for each
-- alternative of a widened word (TextTsQuery), so a long list is read many times: after 10,000
-- media were added to a Mediathek, a prefix with 32 completions at 100,000 media read 261 pending
-- pages per lexeme, 8,613 in all (21 ms), where the index held 4 pages of each. At 256 kB the
-- list is merged after about 150 changed media and a scan reads at most 32 of its pages. The
-- popular tier's GIN index (popular-tier.ts) takes the option from the definition of the words'
-- index; RUM indexes keep no pending list.
ALTER INDEX "media_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "media_rank_vector_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
-- The words' own index (migration 0026) and the popular tier's, where they are GIN.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT c.relname FROM pg_class c JOIN pg_am am ON am.oid = c.relam
    WHERE c.relnamespace = current_schema()::regnamespace AND am.amname = 'gin'
      AND c.relname IN ('media_search_vector_idx', 'media_search_tier_idx')
  LOOP
    EXECUTE format('ALTER INDEX %I SET (gin_pending_list_limit = 256)', name);
  END LOOP;
END $$;
