-- The catalogue version (src/db/schema.ts): one row, bumped once per statement that changes
-- media or licences, so cached search answers are dropped when the catalogue changes.
INSERT INTO catalogue_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mk_bump_catalogue_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER media_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER licences_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licences
  FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();
