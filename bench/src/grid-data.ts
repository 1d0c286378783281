/**
 * The database of the grid benchmark: the demo catalogue and accounts (as the server seeds them
 * on its first start) plus N synthetic media in the demo producer's pool, in a PGlite folder.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.ts';
import {
  afterMediaImport,
  importMedia,
} from '../../apps/server/src/modules/catalogue/media-import.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../apps/server/src/seed/demo-accounts.ts';
import { seedDemoData } from '../../apps/server/src/seed/seed.ts';
import { syntheticMedia } from './synthetic-media.ts';

export const PRODUCER_EMAIL = 'produzent@demo.medienkatalog.invalid';

/** The demo producer: its login and its pool (the last segment of its context). */
export function demoProducer(): { email: string; password: string; pool: string } {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === PRODUCER_EMAIL);
  const pool = account?.context?.split('/').pop();
  if (!account || !pool) {
    throw new Error(`demo producer ${PRODUCER_EMAIL} not found`);
  }
  return { email: account.email, password: account.password, pool };
}

/** Media numbers of the synthetic media start here: far from the demo catalogue's numbers. */
const FIRST_NUMBER = 9_000_000;
const SYNTHETIC_NUMBER = '^9[0-9]{6}$';

/**
 * Makes `dataDir` hold the demo data plus `count` synthetic media of the producer's pool;
 * answers how many media the pool holds. Reuses the folder when `keep` is set and it is loaded.
 */
export async function prepareGridData(
  dataDir: string,
  count: number,
  keep: boolean,
): Promise<{ poolMedia: number; reused: boolean; seconds: number }> {
  const started = performance.now();
  const { pool } = demoProducer();
  if (!keep) {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const reusing = keep && existsSync(path.join(dataDir, 'db'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    await seedDemoAccounts(handle.db);
    const poolCount = async () => {
      const [row] = await queryRows<{ count: number; synthetic: number }>(
        handle.db,
        sql`SELECT count(*)::int AS count,
                   count(*) FILTER (WHERE fn_nr ~ ${SYNTHETIC_NUMBER})::int AS synthetic
            FROM media WHERE pool = ${pool}`,
      );
      return { count: row?.count ?? 0, synthetic: row?.synthetic ?? 0 };
    };
    const before = await poolCount();
    if (reusing && before.synthetic === count) {
      return { poolMedia: before.count, reused: true, seconds: 0 };
    }
    await handle.db.execute(
      sql`DELETE FROM media WHERE pool = ${pool} AND fn_nr ~ ${SYNTHETIC_NUMBER}`,
    );
    // The pool's producer name, as the demo producer's other media carry it.
    const [named] = await queryRows<{ fn_prodname: string }>(
      handle.db,
      sql`SELECT fn_prodname FROM media WHERE pool = ${pool} AND fn_prodname <> '' LIMIT 1`,
    );
    const prodname = named?.fn_prodname ?? pool;
    const records = (function* () {
      let index = 0;
      for (const record of syntheticMedia(count, 7)) {
        yield {
          ...record,
          pool,
          fn_prodname: prodname,
          fn_produ: prodname,
          fn_nr: String(FIRST_NUMBER + index),
        };
        index += 1;
      }
    })();
    await importMedia(handle.db, records);
    await afterMediaImport(handle.db);
    const after = await poolCount();
    return {
      poolMedia: after.count,
      reused: false,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await handle.close();
  }
}
