import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

export type DatabaseKind = DatabaseHandle['kind'];

/** PGlite always; the PostgreSQL server too when DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the database. */
  destroy(): Promise<void>;
  /** The PostgreSQL database's connection string (for a server started as a child process). */
  url?: string;
}

/**
 * A fresh, migrated database of its own: PGlite in memory, or a new database on the server
 * of DATABASE_URL that is dropped afterwards, so test files never see each other's data.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    throw new Error('DATABASE_URL is not set');
  }
  const name = `mk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
