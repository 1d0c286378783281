import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { vocabularyFromSample, type SampleMedium, type Vocabulary } from './query-log.ts';

/** Media read for the vocabulary: enough for the frequency bands, cheap at a million. */
const SAMPLE_MEDIA = 20_000;

/** Sample shares are drawn in steps of 2^-20 of a hash's range. */
const HASH_STEPS = 1 << 20;

/**
 * The vocabulary of the loaded catalogue, from a sample of about `sampleMedia` media chosen by a
 * hash of their identifiers: document frequencies of the words of titles, texts and keywords
 * (counted here rather than by ts_stat, so the log asks words as written, not their stems), the
 * subject areas, keywords, producers and types in use, published identifiers and the Mediatheken.
 * The same media whatever their place in the table: a sample of its blocks (TABLESAMPLE SYSTEM)
 * drew other media after every load, as a load on several connections puts them in another
 * order, and with them another query log (36 of the synonyms' 250 queries the same in a copy
 * of the table in another column order). Reading every identifier for it: 0.7 s at a million.
 */
export async function loadVocabulary(
  db: Database,
  sampleMedia = SAMPLE_MEDIA,
): Promise<Vocabulary> {
  const [counted] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM media`,
  );
  const mediaCount = Math.max(1, counted?.count ?? 1);
  const steps = Math.max(1, Math.round(Math.min(1, sampleMedia / mediaCount) * HASH_STEPS));
  const rows = await queryRows<SampleMedium>(
    db,
    sql`SELECT identifier, fn_titel AS title,
               concat_ws(' ', fn_utitel, fn_text, fn_kurztext, fn_langtext, fn_sertitel) AS texts,
               fn_schlag AS keywords, fn_geb AS subjects, fn_prodname AS producer,
               fn_typ AS type, fn_status = 'published' AS published
          FROM media
         WHERE (hashtextextended(identifier, 1) & ${HASH_STEPS - 1}) < ${steps}
         ORDER BY identifier`,
  );
  const mediatheken = await queryRows<{ path: string }>(
    db,
    sql`SELECT path FROM mediatheken ORDER BY path`,
  );
  const sample: SampleMedium[] = rows;
  return vocabularyFromSample(
    sample,
    mediaCount,
    mediatheken.map((row) => row.path),
  );
}
