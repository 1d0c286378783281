-- The search's narrow table (issue 16.6; schema.ts, mediaSearch): per medium only what the
-- search's conditions, orders, counts and facets read. At a million media the media table is
-- 1.8 GB of rows against PostgreSQL's default 128 MB of shared buffers, and an uncached search
-- paid for every heap page of media it touched; this table's rows are a few hundred bytes, and its
-- two vectors are kept out of line (toast_tuple_target = 128, storage EXTERNAL: not compressed,
-- so a read is a copy), read only to rank or to check a phrase. Triggers keep it in step with
-- media: a statement's inserted rows (INSERT or COPY) in one INSERT, each changed row by its id
-- (a vector is rewritten only when it changed, so a view or a star rewrites a few bytes); a
-- deleted medium's row goes with it (foreign key, ON DELETE CASCADE, also for TRUNCATE ... CASCADE).
CREATE TABLE "media_search" (
	"id" bigint PRIMARY KEY NOT NULL,
	"fn_status" text NOT NULL,
	"pool" text NOT NULL,
	"fn_typ" text NOT NULL,
	"fn_prodname" text NOT NULL,
	"fn_aenderung" timestamp with time zone NOT NULL,
	"popularity" integer NOT NULL,
	"geb_codes" text[] NOT NULL,
	"geb_paths" text[] NOT NULL,
	"geb_top" text[] NOT NULL,
	"sprache_codes" text[] NOT NULL,
	"adressat_codes" text[] NOT NULL,
	"schlag_keys" text[] NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"rank_vector" "tsvector" NOT NULL
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "media_search" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "media_search" ALTER COLUMN "rank_vector" SET STORAGE EXTERNAL;
--> statement-breakpoint
INSERT INTO "media_search"
  SELECT id, fn_status, pool, fn_typ, fn_prodname, fn_aenderung, popularity, geb_codes, geb_paths,
         geb_top, sprache_codes, adressat_codes, schlag_keys, search_vector, rank_vector
  FROM "media";
--> statement-breakpoint
DROP INDEX IF EXISTS "media_search_popular_idx";--> statement-breakpoint
DROP INDEX "media_search_vector_idx";--> statement-breakpoint
DROP INDEX "media_geb_paths_idx";--> statement-breakpoint
DROP INDEX "media_sprache_codes_idx";--> statement-breakpoint
DROP INDEX "media_adressat_codes_idx";--> statement-breakpoint
DROP INDEX "media_schlag_keys_idx";--> statement-breakpoint
DROP INDEX "media_published_newest_idx";--> statement-breakpoint
DROP INDEX "media_published_popular_idx";--> statement-breakpoint
DROP INDEX "media_typ_idx";--> statement-breakpoint
DROP INDEX "media_prodname_idx";--> statement-breakpoint
ALTER TABLE "media_search" ADD CONSTRAINT "media_search_id_media_id_fk" FOREIGN KEY ("id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_search_vector_idx" ON "media_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "media_search_geb_paths_idx" ON "media_search" USING gin ("geb_paths");--> statement-breakpoint
CREATE INDEX "media_search_sprache_codes_idx" ON "media_search" USING gin ("sprache_codes");--> statement-breakpoint
CREATE INDEX "media_search_adressat_codes_idx" ON "media_search" USING gin ("adressat_codes");--> statement-breakpoint
CREATE INDEX "media_search_schlag_keys_idx" ON "media_search" USING gin ("schlag_keys");--> statement-breakpoint
CREATE INDEX "media_search_newest_idx" ON "media_search" USING btree ("fn_aenderung","id") WHERE fn_status = 'published';--> statement-breakpoint
CREATE INDEX "media_search_popularity_idx" ON "media_search" USING btree ("popularity","id") WHERE fn_status = 'published';--> statement-breakpoint
CREATE INDEX "media_search_typ_idx" ON "media_search" USING btree ("fn_typ");--> statement-breakpoint
CREATE INDEX "media_search_prodname_idx" ON "media_search" USING btree (lower("fn_prodname"));--> statement-breakpoint
CREATE OR REPLACE FUNCTION mk_media_search_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_search
    SELECT id, fn_status, pool, fn_typ, fn_prodname, fn_aenderung, popularity, geb_codes,
           geb_paths, geb_top, sprache_codes, adressat_codes, schlag_keys, search_vector,
           rank_vector
    FROM inserted_media;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER media_search_insert AFTER INSERT ON media
  REFERENCING NEW TABLE AS inserted_media
  FOR EACH STATEMENT EXECUTE FUNCTION mk_media_search_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mk_media_search_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE media_search s SET
    fn_status = NEW.fn_status, pool = NEW.pool, fn_typ = NEW.fn_typ,
    fn_prodname = NEW.fn_prodname, fn_aenderung = NEW.fn_aenderung,
    popularity = NEW.popularity, geb_codes = NEW.geb_codes, geb_paths = NEW.geb_paths,
    geb_top = NEW.geb_top, sprache_codes = NEW.sprache_codes,
    adressat_codes = NEW.adressat_codes, schlag_keys = NEW.schlag_keys,
    -- Unchanged vectors keep their stored values (no new TOAST entries for a view or a star).
    search_vector = CASE WHEN NEW.search_vector = OLD.search_vector THEN s.search_vector
                         ELSE NEW.search_vector END,
    rank_vector = CASE WHEN NEW.rank_vector = OLD.rank_vector THEN s.rank_vector
                       ELSE NEW.rank_vector END
  WHERE s.id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER media_search_update AFTER UPDATE ON media
  FOR EACH ROW WHEN (
    (OLD.fn_status, OLD.pool, OLD.fn_typ, OLD.fn_prodname, OLD.fn_aenderung, OLD.popularity,
     OLD.geb_codes, OLD.geb_paths, OLD.geb_top, OLD.sprache_codes, OLD.adressat_codes,
     OLD.schlag_keys, OLD.search_vector, OLD.rank_vector)
    IS DISTINCT FROM
    (NEW.fn_status, NEW.pool, NEW.fn_typ, NEW.fn_prodname, NEW.fn_aenderung, NEW.popularity,
     NEW.geb_codes, NEW.geb_paths, NEW.geb_top, NEW.sprache_codes, NEW.adressat_codes,
     NEW.schlag_keys, NEW.search_vector, NEW.rank_vector))
  EXECUTE FUNCTION mk_media_search_update();
--> statement-breakpoint
-- The popularity-ordered RUM index of migration 0016, now on the narrow table (where RUM is).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS "media_search_popular_idx" ON "media_search"
      USING rum ("search_vector" rum_tsvector_addon_ops, "popularity")
      WITH (attach = 'popularity', to = 'search_vector', order_by_attach = true)
      WHERE fn_status = 'published' AND id > 0;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'RUM is installed but may not be created here: the search keeps its other paths';
END $$;
--> statement-breakpoint
ANALYZE "media_search";
