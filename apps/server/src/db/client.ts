import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
 * (and its TOASTed search vectors) instead of the GIN index: 102 ms instead of 15 ms.
 */
const SESSION_SETTINGS = ['jit=off', 'random_page_cost=1.1'];

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
