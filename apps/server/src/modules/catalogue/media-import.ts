import {
  MEDIUM_FIELD_LABELS,
  type MediumFields,
  type NewMediumRecord,
} from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { once } from 'node:events';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import {
  bulkTransaction,
  queryRows,
  withServerSessions,
  type BulkSession,
  type Database,
} from '../../db/client.ts';
import { copyTextLine, type CopyValue } from '../../db/copy-text.ts';
import { CatalogueRepository } from './catalogue.repository.ts';
import { deriveColumns, type DerivedColumns } from './media-record.ts';
import { maintainPopularTier } from './popular-tier.ts';

/** The columns a load takes from the record as they are. */
const RECORD_COLUMNS = [
  ...(Object.keys(MEDIUM_FIELD_LABELS) as (keyof MediumFields)[]),
  'pool',
  'fn_prodname',
] as const satisfies readonly (keyof NewMediumRecord)[];

/** The columns derived from the record (`deriveColumns`). */
const DERIVED_COLUMNS = [
  'identifier',
  'geb_codes',
  'geb_paths',
  'geb_top',
  'sprache_codes',
  'adressat_codes',
  'schlag_keys',
  'subject_text',
] as const satisfies readonly (keyof DerivedColumns)[];

/** The columns a load writes; the rest (id, created_at, the search vectors) are the table's. */
const COLUMNS = [...RECORD_COLUMNS, 'fn_aenderung', 'stars', 'views', ...DERIVED_COLUMNS];

const COPY_STATEMENT = `COPY media (${COLUMNS.join(', ')}) FROM STDIN`;

/** Lines go to the server in batches of about this many characters, not one message each. */
const BATCH_CHARS = 256 * 1024;

/** Working memory of an index build. */
const MAINTENANCE_WORK_MEM = '512MB';

/** At most this many connections share a load: the database server's cores are what count. */
const MAX_CONNECTIONS = 4;

interface CopyLine {
  /** The medium's unique key: a load on several connections sends all lines of one key to one. */
  identifier: string;
  line: string;
}

function copyLine(record: NewMediumRecord): CopyLine {
  // The values in the order of COLUMNS, without copying the record into a new object first:
  // that copy cost 4.3 of the 11.1 s of CPU this process spent on loading 100,000 media.
  const derived = deriveColumns(record);
  const values: CopyValue[] = RECORD_COLUMNS.map((column) => record[column]);
  values.push(record.fn_aenderung ?? new Date(), record.stars ?? 0, record.views ?? 0);
  for (const column of DERIVED_COLUMNS) {
    values.push(derived[column]);
  }
  return { identifier: derived.identifier, line: copyTextLine(values) };
}

async function* copyLines(
  records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>,
): AsyncGenerator<CopyLine> {
  for await (const record of records) {
    yield copyLine(record);
  }
}

/**
 * The indexes of the media table that neither a constraint owns nor a uniqueness rule needs,
 * as `CREATE INDEX` statements. Building them once after a load into an empty table is several
 * times faster than keeping them up to date row by row. The unique indexes stay: they cost a
 * load little (measured at 100,000 media) and find a duplicate while it is loaded.
 */
async function secondaryIndexes(
  session: BulkSession,
): Promise<{ name: string; definition: string }[]> {
  const rows = await session.execute(
    `SELECT index.relname AS name, pg_get_indexdef(index.oid) AS definition
     FROM pg_index JOIN pg_class index ON index.oid = pg_index.indexrelid
     WHERE pg_index.indrelid = 'media'::regclass AND NOT pg_index.indisunique
       AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = index.oid)
     ORDER BY index.relname`,
  );
  return rows.map((row) => ({ name: String(row.name), definition: String(row.definition) }));
}

async function isEmpty(session: BulkSession): Promise<boolean> {
  const [row] = await session.execute(`SELECT NOT EXISTS (SELECT 1 FROM media) AS empty`);
  return row?.empty === true;
}

/**
 * Loads media with their derived search columns through COPY: all of them or none. Into an
 * empty table the secondary indexes are dropped first and built after the load (the same
 * definitions: the migrations stay their one source). On the PostgreSQL server such a load
 * shares the work between several connections (`connections`, by default one per core of this
 * machine, at most four), as the server computes the search vectors of a COPY and builds an
 * index in one process each (see `loadInParallel`). Answers how many media it loaded.
 */
export async function importMedia(
  db: Database,
  records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>,
  { connections = Math.min(os.availableParallelism(), MAX_CONNECTIONS) } = {},
): Promise<number> {
  if (connections > 1) {
    const loaded = await withServerSessions(db, connections, (sessions) =>
      loadInParallel(sessions, records),
    );
    if (loaded !== undefined) {
      return loaded;
    }
  }
  return bulkTransaction(db, async (session) => {
    const rebuilt = (await isEmpty(session)) ? await secondaryIndexes(session) : [];
    for (const index of rebuilt) {
      await session.execute(`DROP INDEX "${index.name}"`);
    }
    let count = 0;
    await session.copyFrom(
      COPY_STATEMENT,
      batches(
        (async function* counted() {
          for await (const { line } of copyLines(records)) {
            count += 1;
            yield line;
          }
        })(),
      ),
    );
    if (rebuilt.length > 0) {
      await session.execute(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`);
      for (const index of rebuilt) {
        await session.execute(index.definition);
      }
    }
    return count;
  });
}

/** Joins lines into batches of about BATCH_CHARS characters. */
async function* batches(lines: AsyncIterable<string>): AsyncGenerator<string> {
  let batch: string[] = [];
  let size = 0;
  for await (const line of lines) {
    batch.push(line);
    size += line.length;
    if (size >= BATCH_CHARS) {
      yield batch.join('');
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) {
    yield batch.join('');
  }
}

/**
 * A load into an empty table on several connections. Answers undefined, having done nothing,
 * when the table is not empty.
 *
 * 1. In a transaction of its own, the secondary indexes are dropped and the catalogue version's
 *    trigger turned off; what is to undo that goes into media_load_pending first, so that a
 *    load that is interrupted leaves it for the next start. (The trigger bumps one row at the
 *    end of each COPY: the second connection would wait for the first one's commit, which
 *    waits for the second. The version is bumped once after the load instead.)
 * 2. Each connection COPYs its share in a transaction of its own; all lines of one identifier
 *    go to the same connection, so a duplicate fails inside one transaction instead of making
 *    one wait for another. The transactions commit together once every COPY has succeeded and
 *    roll back together when one has failed. (A commit failing after another succeeded, a
 *    connection lost in that instant, would leave that share loaded; the error says so.)
 * 3. The pending statements run, the index builds several at once, whether the load succeeded
 *    or not.
 */
async function loadInParallel(
  sessions: BulkSession[],
  records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>,
): Promise<number | undefined> {
  const [first] = sessions;
  if (!first) {
    throw new Error('loadInParallel: no connection');
  }
  // Held until the pending statements have run: a server that starts meanwhile must not run
  // them while this load still goes in (finishInterruptedLoad).
  const loaded = await withLoadLock(first, 'wait', () => loadHoldingLock(sessions, first, records));
  return loaded?.result;
}

/**
 * The key of the advisory lock a parallel load holds from its start until its pending
 * statements have run (session level: a process that ends, ends it).
 */
export const LOAD_LOCK = 7_301_018;

/**
 * Runs `work` holding the load lock on `session`: waiting for it, or answering undefined at once
 * when another session holds it ('try'). After a failure the transaction is ended before the
 * lock is given back, and the failure is what is thrown.
 */
async function withLoadLock<T>(
  session: BulkSession,
  mode: 'wait' | 'try',
  work: () => Promise<T>,
): Promise<{ result: T } | undefined> {
  if (mode === 'wait') {
    await session.execute(`SELECT pg_advisory_lock(${String(LOAD_LOCK)})`);
  } else {
    const [lock] = await session.execute(
      `SELECT pg_try_advisory_lock(${String(LOAD_LOCK)}) AS taken`,
    );
    if (lock?.taken !== true) {
      return undefined;
    }
  }
  const unlock = `SELECT pg_advisory_unlock(${String(LOAD_LOCK)})`;
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await session.execute('ROLLBACK').catch(() => undefined);
    await session.execute(unlock).catch(() => undefined);
    throw error;
  }
  await session.execute(unlock);
  return { result };
}

async function loadHoldingLock(
  sessions: BulkSession[],
  first: BulkSession,
  records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>,
): Promise<number | undefined> {
  await first.execute('BEGIN');
  // No other writer between looking and dropping; readers go on.
  await first.execute('LOCK TABLE media IN SHARE ROW EXCLUSIVE MODE');
  if (!(await isEmpty(first))) {
    await first.execute('ROLLBACK');
    return undefined;
  }
  const pending = [
    { name: VERSION_TRIGGER, statement: ENABLE_VERSION_TRIGGER },
    ...(await secondaryIndexes(first)).map((index) => ({
      name: index.name,
      statement: index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '),
    })),
  ];
  for (const { name, statement } of pending) {
    await first.execute(`INSERT INTO media_load_pending (name, statement) VALUES ($1, $2)`, [
      name,
      statement,
    ]);
  }
  await first.execute(`ALTER TABLE media DISABLE TRIGGER ${VERSION_TRIGGER}`);
  for (const index of pending.slice(1)) {
    await first.execute(`DROP INDEX "${index.name}"`);
  }
  await first.execute('COMMIT');
  try {
    return await copyInParallel(sessions, records);
  } finally {
    await runPending(sessions);
  }
}

const VERSION_TRIGGER = 'media_catalogue_version';
const ENABLE_VERSION_TRIGGER = `ALTER TABLE media ENABLE TRIGGER ${VERSION_TRIGGER};
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1`;

/** Which of `count` connections loads the medium with this identifier (FNV-1a). */
function shareOf(identifier: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < identifier.length; i += 1) {
    hash = Math.imul(hash ^ identifier.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0) % count;
}

async function copyInParallel(
  sessions: BulkSession[],
  records: AsyncIterable<NewMediumRecord> | Iterable<NewMediumRecord>,
): Promise<number> {
  // Batches, four at most waiting for each connection.
  const feeds = sessions.map(() => new PassThrough({ objectMode: true, highWaterMark: 4 }));
  const copies = sessions.map(async (session, share) => {
    await session.execute('BEGIN');
    const feed = feeds[share];
    if (feed) {
      await session.copyFrom(COPY_STATEMENT, feed);
    }
  });
  // Their failures are read after the feeding; until then they must not count as unhandled.
  for (const copy of copies) {
    copy.catch(() => undefined);
  }
  const pending = sessions.map((): string[] => []);
  const sizes = sessions.map(() => 0);
  const send = async (share: number) => {
    const feed = feeds[share];
    const copy = copies[share];
    if (feed && copy && sizes[share] && !feed.write((pending[share] ?? []).join(''))) {
      // A COPY that failed no longer reads: its failure ends the wait.
      await Promise.race([once(feed, 'drain'), copy]);
    }
    pending[share] = [];
    sizes[share] = 0;
  };
  let count = 0;
  /** Queues a medium's line; answers the sending of its connection's batch once that is full. */
  const add = (record: NewMediumRecord): Promise<void> | undefined => {
    const { identifier, line } = copyLine(record);
    const share = shareOf(identifier, sessions.length);
    pending[share]?.push(line);
    sizes[share] = (sizes[share] ?? 0) + line.length;
    count += 1;
    return (sizes[share] ?? 0) >= BATCH_CHARS ? send(share) : undefined;
  };
  let failure: unknown;
  try {
    // Records in memory or generated are read without a promise each: this process shares the
    // cores with the server's COPY processes (a quarter of one core at 100,000 media).
    if (Symbol.iterator in records) {
      for (const record of records) {
        const sending = add(record);
        if (sending) {
          await sending;
        }
      }
    } else {
      for await (const record of records) {
        const sending = add(record);
        if (sending) {
          await sending;
        }
      }
    }
    for (const share of sessions.keys()) {
      await send(share);
      feeds[share]?.end();
    }
  } catch (error) {
    failure = error;
    // Ends every COPY (without an 'error' event that nobody may be listening to yet); all
    // are rolled back below, whatever they made of it.
    for (const feed of feeds) {
      feed.destroy();
    }
  }
  const outcomes = await Promise.allSettled(copies);
  failure ??= outcomes.find((outcome) => outcome.status === 'rejected')?.reason;
  if (failure !== undefined) {
    // Every share is rolled back, even when one connection cannot: its error would hide the
    // load's own (withServerSessions gives such a connection up).
    await Promise.allSettled(sessions.map((session) => session.execute('ROLLBACK')));
    throw failure instanceof Error ? failure : new Error('Import failed', { cause: failure });
  }
  let committed = 0;
  for (const session of sessions) {
    try {
      await session.execute('COMMIT');
    } catch (error) {
      throw new Error(
        `Import: ${String(committed)} of ${String(sessions.length)} shares of the load were committed before one failed; the catalogue holds them.`,
        { cause: error },
      );
    }
    committed += 1;
  }
  return count;
}

/** Index methods by how long their build takes: the longest start first. */
const BUILD_ORDER = ['rum', 'gin'];

function buildRank(statement: string): number {
  const method = /USING (\w+)/.exec(statement)?.[1] ?? '';
  const rank = BUILD_ORDER.indexOf(method);
  return rank < 0 ? BUILD_ORDER.length : rank;
}

/**
 * Runs what a load left pending, each statement in a transaction with the removal of its row:
 * first what is not an index build (on one session, before any build holds the table), then
 * the index builds, one per session at a time, the longest first.
 */
async function runPending(sessions: BulkSession[]): Promise<void> {
  const [first] = sessions;
  if (!first) {
    return;
  }
  const rows = (await first.execute(`SELECT name, statement FROM media_load_pending`)).map(
    (row) => ({ name: String(row.name), statement: String(row.statement) }),
  );
  const run = async (session: BulkSession, { name, statement }: (typeof rows)[number]) => {
    await session.execute('BEGIN');
    await session.execute(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_WORK_MEM}'`);
    await session.execute(statement);
    await session.execute(`DELETE FROM media_load_pending WHERE name = $1`, [name]);
    await session.execute('COMMIT');
  };
  const isBuild = (row: (typeof rows)[number]) => row.statement.startsWith('CREATE INDEX');
  for (const row of rows.filter((row) => !isBuild(row))) {
    await run(first, row);
  }
  const builds = rows
    .filter(isBuild)
    .sort((a, b) => buildRank(a.statement) - buildRank(b.statement));
  await Promise.all(
    sessions.map(async (session) => {
      for (let row = builds.shift(); row; row = builds.shift()) {
        await run(session, row);
      }
    }),
  );
}

/**
 * Finishes what an interrupted parallel load left pending (at start, after the migrations), on
 * as many connections as a load uses. Almost always there is nothing: then no connection is
 * taken. Nothing either while another process's load holds its lock, or on PGlite.
 */
export async function finishInterruptedLoad(
  db: Database,
  connections = Math.min(os.availableParallelism(), MAX_CONNECTIONS),
): Promise<void> {
  const [row] = await queryRows<{ pending: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM media_load_pending) AS pending`,
  );
  if (row?.pending !== true) {
    return;
  }
  await withServerSessions(db, connections, async (sessions) => {
    const [first] = sessions;
    // Without the lock, a load of another process is still going in: it runs them itself.
    if (first) {
      await withLoadLock(first, 'try', () => runPending(sessions));
    }
  });
}

/**
 * After a bulk import: refreshes the planner's statistics (the search relies on its estimates;
 * PGlite has no autovacuum), the vocabulary of the typing-error correction and the popular tier.
 */
export async function afterMediaImport(db: Database): Promise<void> {
  // The vocabulary reads the rank vectors, the tier needs the planner's statistics: on the
  // server the vocabulary and the statistics come at once (at a million media 7 s each, 6 s
  // together), PGlite's one connection takes them in turn.
  await Promise.all([
    new CatalogueRepository(db).refreshSearchWords(),
    (async () => {
      await db.execute(sql`ANALYZE media`);
      await maintainPopularTier(db);
    })(),
  ]);
}
