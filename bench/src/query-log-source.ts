import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { vocabularyFromSample, type SampleMedium, type Vocabulary } from './query-log.ts';

/** Media read for the vocabulary: enough for the frequency bands, cheap at a million. */
const SAMPLE_MEDIA = 20_000;

/**
 * The vocabulary of the loaded catalogue, from a repeatable sample of about 20,000 media
 * (TABLESAMPLE SYSTEM): document frequencies of the words of titles, texts and keywords (counted
 * here rather than by ts_stat, so the log asks words as written, not their stems), the subject
 * areas, keywords, producers and types in use, published identifiers and the Mediatheken.
 */
export async function loadVocabulary(db: Database): Promise<Vocabulary> {
  const [counted] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM media`,
  );
  const mediaCount = Math.max(1, counted?.count ?? 1);
  const percent = Math.min(100, Math.max(0.01, (SAMPLE_MEDIA / mediaCount) * 100));
  const rows = await queryRows<SampleMedium>(
    db,
    sql`SELECT identifier, fn_titel AS title,
               concat_ws(' ', fn_utitel, fn_text, fn_kurztext, fn_langtext, fn_sertitel) AS texts,
               fn_schlag AS keywords, fn_geb AS subjects, fn_prodname AS producer,
               fn_typ AS type, fn_status = 'published' AS published
          FROM media TABLESAMPLE SYSTEM (${percent}) REPEATABLE (1)
         ORDER BY id`,
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
