import { MEDIUM_FIELD_LABELS, type NewMediumRecord } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { bulkTransaction, type BulkSession, type Database } from '../../db/client.ts';
import { copyTextLine, type CopyValue } from '../../db/copy-text.ts';
import { CatalogueRepository } from './catalogue.repository.ts';
import { deriveColumns, type DerivedColumns } from './media-record.ts';

type MediaRow = Required<NewMediumRecord> & DerivedColumns;

/** The columns a load writes; the rest (id, created_at, the search vectors) are the table's. */
const COLUMNS = [
  ...(Object.keys(MEDIUM_FIELD_LABELS) as (keyof NewMediumRecord)[]),
  'pool',
  'fn_prodname',
  'fn_aenderung',
  'stars',
  'views',
  'identifier',
  'geb_codes',
  'geb_paths',
  'geb_top',
  'sprache_codes',
  'adressat_codes',
  'schlag_keys',
  'subject_text',
] as const satisfies readonly (keyof MediaRow)[];

const COPY_STATEMENT = `COPY media (${COLUMNS.join(', ')}) FROM STDIN`;

async function* copyLines(records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>) {
  for await (const record of records) {
    const row: MediaRow = {
      ...record,
      ...deriveColumns(record),
      fn_aenderung: record.fn_aenderung ?? new Date(),
      stars: record.stars ?? 0,
      views: record.views ?? 0,
    };
    yield copyTextLine(COLUMNS.map((column): CopyValue => row[column]));
  }
}

/**
 * The indexes of the media table that no constraint owns, as `CREATE INDEX` statements.
 * Building them once after a load into an empty table is several times faster than keeping
 * them up to date row by row.
 */
async function secondaryIndexes(
  session: BulkSession,
): Promise<{ name: string; definition: string }[]> {
  const rows = await session.execute(
    `SELECT indexname, indexdef FROM pg_indexes
     WHERE schemaname = current_schema() AND tablename = 'media'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'media'::regclass)`,
  );
  return rows.map((row) => ({ name: String(row.indexname), definition: String(row.indexdef) }));
}

/**
 * Loads media with their derived search columns through COPY, in one transaction: all of them
 * or none. Into an empty table the secondary indexes are dropped first and built after the load
 * (the same definitions: the migrations stay their one source). Answers how many it loaded.
 */
export async function importMedia(
  db: Database,
  records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>,
): Promise<number> {
  return bulkTransaction(db, async (session) => {
    const [empty] = await session.execute(`SELECT NOT EXISTS (SELECT 1 FROM media) AS empty`);
    const rebuilt = empty?.empty === true ? await secondaryIndexes(session) : [];
    for (const index of rebuilt) {
      await session.execute(`DROP INDEX "${index.name}"`);
    }
    let count = 0;
    await session.copyFrom(
      COPY_STATEMENT,
      (async function* counted() {
        for await (const line of copyLines(records)) {
          count += 1;
          yield line;
        }
      })(),
    );
    if (rebuilt.length > 0) {
      await session.execute(`SET LOCAL maintenance_work_mem = '512MB'`);
      for (const index of rebuilt) {
        await session.execute(index.definition);
      }
    }
    return count;
  });
}

/**
 * After a bulk import: refreshes the planner's statistics (the search relies on its estimates;
 * PGlite has no autovacuum) and the vocabulary of the typing-error correction.
 */
export async function afterMediaImport(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE media`);
  await new CatalogueRepository(db).refreshSearchWords();
}
