DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "vocabulary" bigint DEFAULT 0 NOT NULL;