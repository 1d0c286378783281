import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the checked-in migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Planner settings of every session. JIT compilation costs more than it saves on short
 * queries (25 ms measured at 1M media). Data lives in memory or on SSDs, so random reads cost
 * little more than sequential ones; with the default 4.0 the planner scanned the whole table
 * (and its TOASTed search vectors) instead of the GIN index: 102 ms instead of 15 ms. The RUM
 * index sorts a query's posting lists by popularity in working memory: with the default 4 MB it
 * spilled to disk for a word in 33,000 media (85 ms; 40 ms with 16 MB), and with 16 MB for the
 * deep pages of a broad word ('Zucker', 443,000 media, page 190: 111 ms, 69 ms with 64 MB). A
 * pool has a few connections (twice the cores): 64 MB each, where a transaction that raised it for
 * a deep page alone took three round trips more.
 */
const SESSION_SETTINGS = ['jit=off', 'random_page_cost=1.1', 'work_mem=65536' /* kB */];

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined means in memory (tests). */
  | { kind: 'pglite'; dataDir: string | undefined };

/**
 * bigint (ids, counts) as numbers, as PGlite answers them; ids stay below 2^53. Set on the
 * driver's global parsers: Drizzle passes its own per-query parsers, which fall back to them.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      options: SESSION_SETTINGS.map((setting) => `-c ${setting}`).join(' '),
    });
    // A connection the server ends while idle (a restart, a dropped test database) is replaced
    // by the pool on next use; unhandled, its error would end the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (target.dataDir !== undefined) {
    mkdirSync(target.dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(target.dataDir === undefined ? {} : { dataDir: target.dataDir }),
    extensions: { pg_trgm },
  });
  for (const setting of SESSION_SETTINGS) {
    await client.exec(`SET ${setting}`);
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Runs a raw SQL query and answers its rows (both drivers put them under `rows`). */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  // The PGlite and node-postgres results differ in type but both carry `rows`.
  const result = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/** The driver under Drizzle (a pg.Pool or a PGlite); Drizzle's generic type does not name it. */
function driverClient(db: Database): unknown {
  return (db as unknown as { $client: unknown }).$client;
}

/**
 * Like queryRows, but on the PostgreSQL server as a named prepared statement: each connection
 * plans it once and then reuses a generic plan, instead of planning it on every call. For the
 * small queries every signed-in request makes (its session, what its cards may play), where
 * planning took longer than running: 3.2 ms against 0.3 ms for the cards of a page at 1M media.
 * The statement's text must not vary with its values: arrays as one parameter (`sql.param`).
 */
export async function queryPrepared<Row>(db: Database, query: SQL): Promise<Row[]> {
  const client = driverClient(db);
  if (!(client instanceof pg.Pool)) {
    return queryRows<Row>(db, query);
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `mk_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const result = await client.query({ name, text, values: params });
  return result.rows as Row[];
}

/** One connection in one transaction, for loads too large for INSERT (see `bulkTransaction`). */
export interface BulkSession {
  execute(statement: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs `COPY … FROM STDIN` in text format, fed with `lines` (whole lines, each ending in a newline). */
  copyFrom(statement: string, lines: AsyncIterable<string>): Promise<void>;
}

/** Lines are sent to PGlite in blobs of about this many characters (it reads a COPY at once). */
const PGLITE_COPY_CHUNK = 32 * 1024 * 1024;

function serverSession(connection: pg.PoolClient): BulkSession {
  return {
    execute: async (statement, values) =>
      (await connection.query<Record<string, unknown>>(statement, values)).rows,
    copyFrom: (statement, lines) =>
      pipeline(Readable.from(lines), connection.query(copyFrom(statement))),
  };
}

/**
 * Runs `work` in one transaction on one connection, with COPY FROM STDIN (node-postgres through
 * pg-copy-streams, PGlite through its `/dev/blob` device). Either all of it lands or nothing.
 */
export async function bulkTransaction<T>(
  db: Database,
  work: (session: BulkSession) => Promise<T>,
): Promise<T> {
  const client = driverClient(db);
  if (client instanceof PGlite) {
    return client.transaction((tx) =>
      work({
        execute: async (statement, values) =>
          (await tx.query<Record<string, unknown>>(statement, values)).rows,
        copyFrom: async (statement, lines) => {
          const device = statement.replace(/FROM STDIN/i, "FROM '/dev/blob'");
          let chunk: string[] = [];
          let size = 0;
          const flush = async () => {
            if (chunk.length > 0) {
              await tx.query(device, [], { blob: new Blob(chunk) });
              chunk = [];
              size = 0;
            }
          };
          for await (const line of lines) {
            chunk.push(line);
            size += line.length;
            if (size >= PGLITE_COPY_CHUNK) {
              await flush();
            }
          }
          await flush();
        },
      }),
    );
  }
  const done = await withServerSessions(db, 1, async ([session]) => {
    if (!session) {
      throw new Error('bulkTransaction: no connection');
    }
    await session.execute('BEGIN');
    const result = await work(session);
    await session.execute('COMMIT');
    return { result };
  });
  if (!done) {
    throw new Error('bulkTransaction: unknown database driver');
  }
  return done.result;
}

/**
 * Runs `work` with `count` sessions (at most the pool's size), each on a connection of its own,
 * so that the server can work on several statements at once (one process each); the caller
 * begins and ends their transactions. Answers undefined without running `work` on PGlite (one
 * process). When `work` fails, every session is rolled back; a connection that cannot even roll
 * back is not given back to the pool.
 */
export async function withServerSessions<T>(
  db: Database,
  count: number,
  work: (sessions: BulkSession[]) => Promise<T>,
): Promise<T | undefined> {
  const client = driverClient(db);
  if (client instanceof PGlite) {
    return undefined;
  }
  if (!(client instanceof pg.Pool)) {
    throw new Error('withServerSessions: unknown database driver');
  }
  const connections: pg.PoolClient[] = [];
  try {
    // More than the pool holds would wait for each other forever.
    for (let i = 0; i < Math.min(count, client.options.max); i += 1) {
      connections.push(await client.connect());
    }
    const result = await work(connections.map(serverSession));
    for (const connection of connections.splice(0)) {
      connection.release();
    }
    return result;
  } catch (error) {
    for (const connection of connections) {
      const rolledBack = await connection.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      connection.release(!rolledBack);
    }
    throw error;
  }
}
