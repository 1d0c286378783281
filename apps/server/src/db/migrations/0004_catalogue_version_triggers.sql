-- The catalogue version (src/db/schema.ts): one row, bumped once per statement that changes
-- media or licences, so cached search answers are dropped when the catalogue changes. Updates
-- of the counters alone (stars, views) do not count: answers read them live.
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
CREATE TRIGGER media_catalogue_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF
    identifier, pool, fn_nr, fn_titel, fn_utitel, fn_paratitel, fn_text, fn_kurztext, fn_langtext,
    fn_adressat, fn_schlag, fn_typ, fn_prodjahr, fn_sprache, fn_laenge, fn_sertitel, fn_geb,
    fn_produ, fn_prodname, fn_herausgeber, fn_autor, fn_bemerk, fn_url, fn_beigaben, fn_status,
    fn_aenderung, created_at, teaser_image, geb_codes, geb_paths, geb_top, sprache_codes,
    adressat_codes, schlag_keys, subject_text
  ON media FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();
--> statement-breakpoint
CREATE TRIGGER licences_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licences
  FOR EACH STATEMENT EXECUTE FUNCTION mk_bump_catalogue_version();
