-- The rank vector (titles and keywords, about 500 bytes) stays in the row: every ranked match
-- reads it, twice (the match check and the cover density). With the default EXTENDED storage the
-- toaster moved it out of line whenever a medium's row was still too large after its texts and
-- search vector had gone, and each read was then a TOAST index lookup and a TOAST page: at a
-- million media 9,500 of 11,400 buffer reads to read the rank vectors of 7,573 matches, and
-- ranking them 40 ms instead of 23 ms; the heap grows by about 7 %. MAIN keeps it in the row
-- (compressed when needed) unless the row would not fit a page. Rows written before keep their
-- layout until a bulk load or a change of their titles or keywords rewrites them.
ALTER TABLE "media" ALTER COLUMN "rank_vector" SET STORAGE MAIN;
