-- mk_fold (0014_fold_fast_path.sql) without STRICT, and otherwise the same: PostgreSQL inlines a
-- one-expression SQL function into the expression that calls it, but not a STRICT one whose body
-- (a CASE) is not strict itself; each call then went through the SQL-function executor. The
-- search vectors computed on every insert call it six times per medium: at 100,000 media their
-- expression took 14.4 s called and 13.1 s inlined (one process), and mk_fold alone 2.3-2.5 s
-- against 1.7-1.8 s. A NULL still gives NULL (lower, the comparison and the ELSE branch all
-- pass it on), so stored vectors stay valid (test/text-fold.test.ts).
CREATE OR REPLACE FUNCTION mk_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN lower(value) !~ '[^\x01-\x7fäöüß–—„“”‚‘’«»…•°§€]'
    THEN replace(replace(replace(replace(lower(value), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss')
    ELSE regexp_replace(
      normalize(
        replace(replace(replace(replace(normalize(lower(value), NFC), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
        NFD
      ),
      '[\u0300-\u036f]', '', 'g'
    )
  END;
