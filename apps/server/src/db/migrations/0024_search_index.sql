-- One GIN index for the words and every filter of a search (media_search_idx): GIN intersects a
-- word with a filter inside the index, where two indexes built a bitmap each and ANDed them
-- ('bestimm' and one type at a million media: 87 -> 12 ms for the bitmap). Type and producer are
-- indexed as arrays (search-filters.ts asks `ARRAY[fn_typ] && ...`), the Mediatheken of a medium
-- as media.mediathek_ids, which triggers keep from mediathek_media.
DROP INDEX "media_search_vector_idx";--> statement-breakpoint
DROP INDEX "media_geb_paths_idx";--> statement-breakpoint
DROP INDEX "media_sprache_codes_idx";--> statement-breakpoint
DROP INDEX "media_adressat_codes_idx";--> statement-breakpoint
DROP INDEX "media_schlag_keys_idx";--> statement-breakpoint
DROP INDEX "media_typ_idx";--> statement-breakpoint
DROP INDEX "media_prodname_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "mediathek_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Read with the filter arrays (migration 0023): in the row.
ALTER TABLE "media" ALTER COLUMN "mediathek_ids" SET STORAGE MAIN;--> statement-breakpoint
-- media.mediathek_ids follows mediathek_media: the Mediatheken of each medium whose
-- memberships a statement changed (a medium deleted meanwhile is no longer there to update).
CREATE FUNCTION mk_refresh_mediathek_ids(media_ids bigint[]) RETURNS void
  LANGUAGE sql AS $$
  UPDATE media m
  SET mediathek_ids = ARRAY(SELECT mm.mediathek_id FROM mediathek_media mm
                            WHERE mm.media_id = m.id ORDER BY mm.mediathek_id)
  WHERE m.id = ANY(media_ids)
    AND m.mediathek_ids IS DISTINCT FROM ARRAY(SELECT mm.mediathek_id FROM mediathek_media mm
                                               WHERE mm.media_id = m.id ORDER BY mm.mediathek_id)
$$;--> statement-breakpoint
CREATE FUNCTION mk_mediathek_members_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mk_refresh_mediathek_ids(ARRAY(SELECT DISTINCT media_id FROM added));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mk_refresh_mediathek_ids(ARRAY(SELECT DISTINCT media_id FROM removed));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM mk_refresh_mediathek_ids(
      ARRAY(SELECT media_id FROM added UNION SELECT media_id FROM removed));
  ELSE
    UPDATE media SET mediathek_ids = '{}' WHERE mediathek_ids <> '{}';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER mediathek_media_added AFTER INSERT ON mediathek_media
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION mk_mediathek_members_changed();--> statement-breakpoint
CREATE TRIGGER mediathek_media_removed AFTER DELETE ON mediathek_media
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION mk_mediathek_members_changed();--> statement-breakpoint
CREATE TRIGGER mediathek_media_moved AFTER UPDATE ON mediathek_media
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION mk_mediathek_members_changed();--> statement-breakpoint
CREATE TRIGGER mediathek_media_emptied AFTER TRUNCATE ON mediathek_media
  FOR EACH STATEMENT EXECUTE FUNCTION mk_mediathek_members_changed();--> statement-breakpoint
SELECT mk_refresh_mediathek_ids(ARRAY(SELECT DISTINCT media_id FROM mediathek_media));--> statement-breakpoint
CREATE INDEX "media_search_idx" ON "media" USING gin ("search_vector","geb_paths","geb_codes","sprache_codes","adressat_codes","schlag_keys","mediathek_ids",(ARRAY["fn_typ"]),(ARRAY[lower("fn_prodname"), "pool"]));