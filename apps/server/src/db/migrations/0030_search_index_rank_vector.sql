-- The rank vector joins the words and filters of media_search_idx (migration 0024) instead of an
-- index of its own: a word's title matches among filters are then found inside one index. The
-- rank vector's own index and the audience's bitmap ANDed took 37 ms for the 1,432 title
-- matches of 'Differentialrechnung' (49,016 media) for one audience at a million media, and
-- reading its 7,513 title matches to filter them as long; inside one index 1.6 ms. The rank
-- vector alone (spellings of corrections) is read from it as from its own index. The larger
-- index takes 96 s to build alone, the two it replaces 73 and 10 s; a bulk load builds it beside
-- the RUM index, and a million media loaded in 262 instead of 259 s.
DROP INDEX "media_rank_vector_idx";--> statement-breakpoint
DROP INDEX "media_search_idx";--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ("search_vector","rank_vector","geb_paths","geb_codes","sprache_codes","adressat_codes","schlag_keys","mediathek_ids",(ARRAY["fn_typ"]),(ARRAY[lower("fn_prodname"), "pool"])) WITH (gin_pending_list_limit=256);--> statement-breakpoint
-- The statistics of the index's expressions (the type and producer arrays) went with the old one.
ANALYZE "media";