-- What the search reads of every medium it looks at stays in the row, like the rank vector
-- (migration 0020): the search vector (checked for every medium a walk along the popularity
-- index visits, every candidate of a phrase and every medium of a Mediathek filter) and the
-- filter arrays (read for every match a facet counts). Out of line, each read was a TOAST index
-- lookup and its pages: at a million media the deep pages of broad words, phrases and the
-- Mediathek filter took half as long with them in the row, and facets with the arrays out of line
-- three times as long (they went out of line once the vector stayed in). The texts the cards
-- show go out of line instead (heap 2.6 GB, TOAST 1.1 GB; before 1.9 and 1.5 GB). Rows written
-- before keep their layout until a load or `VACUUM FULL media` writes them again.
ALTER TABLE "media"
  ALTER COLUMN "search_vector" SET STORAGE MAIN,
  ALTER COLUMN "geb_codes" SET STORAGE MAIN,
  ALTER COLUMN "geb_paths" SET STORAGE MAIN,
  ALTER COLUMN "geb_top" SET STORAGE MAIN,
  ALTER COLUMN "sprache_codes" SET STORAGE MAIN,
  ALTER COLUMN "adressat_codes" SET STORAGE MAIN,
  ALTER COLUMN "schlag_keys" SET STORAGE MAIN;
