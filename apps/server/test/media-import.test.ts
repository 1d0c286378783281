import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import pg from 'pg';
import {
  finishInterruptedLoad,
  importMedia,
  LOAD_LOCK,
} from '../src/modules/catalogue/media-import.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const indexNames = async (database: TestDatabase) =>
  (
    await queryRows<{ indexname: string }>(
      database.db,
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'media' ORDER BY indexname`,
    )
  ).map((row) => row.indexname);

/** What a load leaves behind besides its rows: the indexes, the trigger, anything pending. */
async function tableState(database: TestDatabase) {
  const [trigger] = await queryRows<{ enabled: string }>(
    database.db,
    sql`SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'media_catalogue_version'`,
  );
  const [pending] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM media_load_pending`,
  );
  return { indexes: await indexNames(database), trigger: trigger?.enabled, pending: pending?.n };
}

async function mediaCount(database: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM media`,
  );
  return row?.n ?? -1;
}

async function catalogueVersion(database: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ version: number }>(
    database.db,
    sql`SELECT version FROM catalogue_version`,
  );
  return Number(row?.version);
}

describe.each(databaseKinds)('importMedia through COPY (%s)', (kind) => {
  let database: TestDatabase;
  let migratedIndexes: string[];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    migratedIndexes = await indexNames(database);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('keeps every character of the texts, arrays and dates, and finds the words', async () => {
    const changed = new Date(Date.UTC(2025, 4, 6, 7, 8, 9));
    const loaded = await importMedia(database.db, [
      mediumRecord({
        fn_nr: 'ESC1',
        fn_titel: 'Tabulator\tund Zeilen\numbruch mit \\Backslash',
        fn_kurztext: 'Anführungszeichen „so“ und "so", Umlaute äöüß, Emoji 🎬.',
        fn_schlag: 'Sag "Hallo", C:\\Pfad',
        fn_sprache: 'de; en(u)',
        fn_geb: '080, 46001',
        fn_aenderung: changed,
        stars: 3,
      }),
      mediumRecord({ fn_nr: 'ESC2', fn_titel: 'Zweites Medium' }),
    ]);
    expect(loaded).toBe(2);
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT fn_titel, fn_kurztext, fn_schlag, schlag_keys, sprache_codes, geb_codes,
                 fn_aenderung, stars, views, popularity
          FROM media WHERE fn_nr = 'ESC1'`,
    );
    expect(row).toMatchObject({
      fn_titel: 'Tabulator\tund Zeilen\numbruch mit \\Backslash',
      fn_kurztext: 'Anführungszeichen „so“ und "so", Umlaute äöüß, Emoji 🎬.',
      fn_schlag: 'Sag "Hallo", C:\\Pfad',
      schlag_keys: ['sag "hallo"', 'c:\\pfad'],
      sprache_codes: ['de', 'en', 'en(u)'],
      geb_codes: ['080', '46001'],
      stars: 3,
      views: 0,
      popularity: 60,
    });
    expect(new Date(String(row?.fn_aenderung)).getTime()).toBe(changed.getTime());
    const [found] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM media
          WHERE search_vector @@ to_tsquery('german', mk_fold('Backslash'))`,
    );
    expect(found?.n).toBe(1);
  });

  it('keeps what the search reads in the row: vectors and filter arrays (migrations 0020, 0023, 0024)', async () => {
    // Out of line, each read was a TOAST index lookup and page: 9,500 of 11,400 buffer reads for
    // ranking 7,573 matches at a million media, and the search vector of every medium a walk
    // visits. The storage is the column's, a load keeps it; the texts of the cards go out of line.
    const columns = await queryRows<{ name: string; storage: string }>(
      database.db,
      sql`SELECT attname AS name, attstorage AS storage FROM pg_attribute
          WHERE attrelid = 'media'::regclass AND attstorage = 'm' ORDER BY attname`,
    );
    expect(columns.map((column) => column.name)).toEqual([
      'adressat_codes',
      'geb_codes',
      'geb_paths',
      'geb_top',
      'mediathek_ids',
      'rank_vector',
      'schlag_keys',
      'search_vector',
      'sprache_codes',
    ]);
  });

  it('builds the indexes of an empty table after the load: the same ones the migrations made', async () => {
    expect(await indexNames(database)).toEqual(migratedIndexes);
  });

  it('loads all or nothing: a duplicate number leaves the table and its indexes as they were', async () => {
    await expect(
      importMedia(database.db, [
        mediumRecord({ fn_nr: 'NEU1', fn_titel: 'Neu' }),
        mediumRecord({ fn_nr: 'ESC2', fn_titel: 'Doppelt' }),
      ]),
    ).rejects.toThrow();
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM media`,
    );
    expect(count?.n).toBe(2);
    expect(await indexNames(database)).toEqual(migratedIndexes);
  });

  it('into an empty table, a failed load keeps the indexes too', async () => {
    await database.db.execute(sql`TRUNCATE media CASCADE`);
    await expect(
      importMedia(database.db, [
        mediumRecord({ fn_nr: 'DUP', fn_titel: 'Eins' }),
        mediumRecord({ fn_nr: 'DUP', fn_titel: 'Zwei' }),
      ]),
    ).rejects.toThrow();
    expect(await indexNames(database)).toEqual(migratedIndexes);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM media`,
    );
    expect(count?.n).toBe(0);
  });

  describe('into an empty table on several connections (the PostgreSQL server; one on PGlite)', () => {
    const manyRecords = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        mediumRecord({ fn_nr: `PAR${String(i)}`, fn_titel: `Paralleles Medium ${String(i)}` }),
      );
    let before: Awaited<ReturnType<typeof tableState>>;

    beforeAll(async () => {
      await database.db.execute(sql`TRUNCATE media CASCADE`);
      before = await tableState(database);
    });

    it('loads every medium once, finds them, and leaves the table as the migrations made it', async () => {
      const version = await catalogueVersion(database);
      expect(await importMedia(database.db, manyRecords(500), { connections: 3 })).toBe(500);
      expect(await mediaCount(database)).toBe(500);
      const [found] = await queryRows<{ n: number; numbers: number }>(
        database.db,
        sql`SELECT count(*)::int AS n, count(DISTINCT fn_nr)::int AS numbers FROM media
            WHERE search_vector @@ to_tsquery('german', 'parallel')`,
      );
      expect(found).toEqual({ n: 500, numbers: 500 });
      // Each connection wrote its share in a transaction of its own.
      const [writers] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(DISTINCT xmin::text)::int AS n FROM media`,
      );
      expect(writers?.n).toBe(kind === 'postgres' ? 3 : 1);
      expect(await tableState(database)).toEqual({ ...before, indexes: migratedIndexes });
      expect(before).toMatchObject({ trigger: 'O', pending: 0 });
      // Cached answers are dropped: the version moved.
      expect(await catalogueVersion(database)).toBeGreaterThan(version);
    });

    it('a duplicate (the same identifier in another spelling) loads nothing and waits for nobody', async () => {
      await database.db.execute(sql`TRUNCATE media CASCADE`);
      const records = manyRecords(300);
      records.splice(150, 0, mediumRecord({ fn_nr: 'par7', fn_titel: 'Doppelt' }));
      await expect(importMedia(database.db, records, { connections: 3 })).rejects.toThrow(
        /duplicate key|unique/i,
      );
      expect(await mediaCount(database)).toBe(0);
      expect(await tableState(database)).toEqual(before);
    });

    it('a source that fails halfway loads nothing', async () => {
      function* failing() {
        yield* manyRecords(200);
        throw new Error('Quelle abgebrochen');
      }
      await expect(importMedia(database.db, failing(), { connections: 2 })).rejects.toThrow(
        'Quelle abgebrochen',
      );
      expect(await mediaCount(database)).toBe(0);
      expect(await tableState(database)).toEqual(before);
    });

    // Only a load on several connections leaves anything pending.
    it.runIf(kind === 'postgres')(
      'what an interrupted load left pending is finished at the next start',
      async () => {
        // The loads before, one of them failed, gave their lock back.
        const [locks] = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM pg_locks
              WHERE locktype = 'advisory' AND objid = ${LOAD_LOCK} AND objsubid = 1
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        expect(locks?.n).toBe(0);
        // The state a load leaves while its data goes in: an index dropped, the trigger off.
        await database.db.execute(
          sql`INSERT INTO media_load_pending (name, statement) VALUES
              ('media_catalogue_version', 'ALTER TABLE media ENABLE TRIGGER media_catalogue_version'),
              ('media_pool_changed_idx',
               'CREATE INDEX IF NOT EXISTS media_pool_changed_idx ON media USING btree (pool, fn_aenderung, id)')`,
        );
        await database.db.execute(sql`ALTER TABLE media DISABLE TRIGGER media_catalogue_version`);
        await database.db.execute(sql`DROP INDEX media_pool_changed_idx`);
        expect(await tableState(database)).toMatchObject({ trigger: 'D', pending: 2 });

        // While a load holds its lock (here as another process would), the rows are its own.
        const loading = new pg.Client({ connectionString: database.url });
        await loading.connect();
        try {
          await loading.query(`SELECT pg_advisory_lock(${String(LOAD_LOCK)})`);
          await finishInterruptedLoad(database.db, 2);
          expect(await tableState(database)).toMatchObject({ trigger: 'D', pending: 2 });
        } finally {
          await loading.end();
        }

        await finishInterruptedLoad(database.db, 2);
        expect(await tableState(database)).toEqual(before);
      },
    );
  });
});
