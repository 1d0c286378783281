-- Extensions and the text folding used by the search index (see src/db/schema.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower-case, umlauts spelled out (ä -> ae, ö -> oe, ü -> ue, ß -> ss), other accents removed,
-- so that 'Ökologie', 'Oekologie' and 'ökologie' index and query alike. IMMUTABLE, because
-- generated columns and expression indexes use it; the query side folds text the same way
-- (modules/catalogue/search-text.ts).
CREATE OR REPLACE FUNCTION mk_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(
    normalize(
      replace(replace(replace(replace(normalize(lower(value), NFC), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
      NFD
    ),
    '[\u0300-\u036f]', '', 'g'
  );
