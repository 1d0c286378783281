DROP INDEX "media_search_vector_idx";--> statement-breakpoint
DROP INDEX "media_geb_paths_idx";--> statement-breakpoint
DROP INDEX "media_sprache_codes_idx";--> statement-breakpoint
DROP INDEX "media_adressat_codes_idx";--> statement-breakpoint
DROP INDEX "media_schlag_keys_idx";--> statement-breakpoint
DROP INDEX "media_typ_idx";--> statement-breakpoint
DROP INDEX "media_prodname_idx";--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ("search_vector","geb_paths","geb_codes","sprache_codes","adressat_codes","schlag_keys",(ARRAY["fn_typ"]),(ARRAY[lower("fn_prodname"), "pool"]));