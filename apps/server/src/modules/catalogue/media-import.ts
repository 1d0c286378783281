import type { NewMediumRecord } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';
import { CatalogueRepository } from './catalogue.repository.ts';
import { deriveColumns } from './media-record.ts';

/** Rows per INSERT: about 35 parameters a row stays well below PostgreSQL's 65,535. */
const BATCH_SIZE = 500;

/** Inserts media records with their derived search columns, in batches. */
export async function importMedia(
  db: Database,
  records: Iterable<NewMediumRecord>,
): Promise<number> {
  let batch: (typeof media.$inferInsert)[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length > 0) {
      await db.insert(media).values(batch);
      count += batch.length;
      batch = [];
    }
  };
  for (const record of records) {
    batch.push({ ...record, ...deriveColumns(record) });
    if (batch.length >= BATCH_SIZE) {
      await flush();
    }
  }
  await flush();
  return count;
}

/**
 * After a bulk import: refreshes the planner's statistics (the search relies on its estimates;
 * PGlite has no autovacuum) and the vocabulary of the typing-error correction.
 */
export async function afterMediaImport(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE media`);
  await new CatalogueRepository(db).refreshSearchWords();
}
