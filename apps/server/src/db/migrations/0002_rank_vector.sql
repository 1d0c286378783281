ALTER TABLE "media" ADD COLUMN "rank_vector" "tsvector" GENERATED ALWAYS AS (
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_titel || ' ' || fn_utitel || ' ' || fn_paratitel || ' ' || fn_sertitel)), 'A') ||
  setweight(to_tsvector('german'::regconfig, mk_fold(fn_schlag || ' ' || subject_text)), 'B')) STORED NOT NULL;