import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const indexNames = async (database: TestDatabase) =>
  (
    await queryRows<{ indexname: string }>(
      database.db,
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'media' ORDER BY indexname`,
    )
  ).map((row) => row.indexname);

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
});
