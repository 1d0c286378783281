import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { MediathekenRepository } from '../src/modules/licences/mediatheken.repository.ts';
import { mediumRecord } from './support/factories.ts';
import { mediumId } from './support/licences.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const SEARCH = '/api/v1/media/catalogue/search';

describe.each(databaseKinds)('cached search answers (%s)', (kind) => {
  let database: TestDatabase;
  let current: App;
  let lagging: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, [mediumRecord({ fn_nr: 'WAL1', fn_titel: 'Der Wald' })]);
    // Two instances on one database: one checks the catalogue version on every request, one
    // only every minute.
    current = await buildApp({ db: database.db, searchCache: { entries: 100, versionCheckMs: 0 } });
    lagging = await buildApp({
      db: database.db,
      searchCache: { entries: 100, versionCheckMs: 60_000 },
    });
  });
  afterAll(async () => {
    await current.close();
    await lagging.close();
    await database.destroy();
  });

  const total = async (app: App, query: string) => {
    const response = await app.inject({ url: `${SEARCH}?${query}` });
    expect(response.statusCode).toBe(200);
    return Number(response.headers['x-total-count']);
  };
  const facetTotal = async (app: App) => {
    const response = await app.inject({
      url: `${SEARCH}/distinct?q=Zebrafink&f=fn_typ`,
    });
    const body = response.json<{ fn_typ: { count: number }[] }>();
    return body.fn_typ.reduce((sum, value) => sum + value.count, 0);
  };

  it('sees every kind of change written by anyone, as soon as the version is read', async () => {
    expect(await total(current, 'q=Zebrafink')).toBe(0);
    expect(await facetTotal(current)).toBe(0);

    await importMedia(database.db, [mediumRecord({ fn_nr: 'ZEB1', fn_titel: 'Der Zebrafink' })]);
    expect(await total(current, 'q=Zebrafink')).toBe(1);
    expect(await facetTotal(current)).toBe(1);

    await database.db.execute(sql`UPDATE media SET fn_status = 'archived' WHERE fn_nr = 'ZEB1'`);
    expect(await total(current, 'q=Zebrafink')).toBe(0);

    await database.db.execute(sql`UPDATE media SET fn_status = 'published' WHERE fn_nr = 'ZEB1'`);
    expect(await total(current, 'filter_lizenzen=mz%2Fnord')).toBe(0);
    await new MediathekenRepository(database.db).save(
      'testpool',
      { name: 'Nord', path: 'mz/nord', description: '' },
      [await mediumId(database.db, 'TESTPOOL-ZEB1')],
    );
    expect(await total(current, 'filter_lizenzen=mz%2Fnord')).toBe(1);

    await database.db.execute(sql`DELETE FROM media WHERE fn_nr = 'ZEB1'`);
    expect(await total(current, 'q=Zebrafink')).toBe(0);
  });

  it('serves a remembered answer until the version is read again', async () => {
    expect(await total(lagging, 'q=Eichhörnchen')).toBe(0);
    await importMedia(database.db, [mediumRecord({ fn_nr: 'EIC1', fn_titel: 'Das Eichhörnchen' })]);
    expect(await total(lagging, 'q=Eichhörnchen')).toBe(0);
    expect(await total(current, 'q=Eichhörnchen')).toBe(1);
  });

  it('shows a visitor the star counts of now, in a fresh answer and in a remembered one', async () => {
    const stars = async () => {
      const response = await lagging.inject({ url: `${SEARCH}?q=Wald` });
      return response.json<{ fn_titel: string; stars: number; starred: boolean }[]>();
    };
    await database.db.execute(sql`UPDATE media SET stars = 7 WHERE fn_nr = 'WAL1'`);
    expect(await stars()).toEqual([expect.objectContaining({ stars: 7, starred: false })]);
    // Star counts do not move the catalogue version: the answer is remembered, its count not.
    await database.db.execute(sql`UPDATE media SET stars = 9 WHERE fn_nr = 'WAL1'`);
    expect(await stars()).toEqual([expect.objectContaining({ stars: 9, starred: false })]);
  });

  it('bumps the version for every column an answer shows, not for the live counters', async () => {
    const version = async () =>
      (
        await queryRows<{ version: number }>(
          database.db,
          sql`SELECT version FROM catalogue_version`,
        )
      )[0]?.version;
    const watched = await queryRows<{ column: string }>(
      database.db,
      sql`SELECT event_object_column AS column FROM information_schema.triggered_update_columns
          WHERE trigger_name = 'media_catalogue_version'`,
    );
    const writable = await queryRows<{ column: string }>(
      database.db,
      sql`SELECT column_name AS column FROM information_schema.columns
          WHERE table_name = 'media' AND is_generated = 'NEVER' AND identity_generation IS NULL`,
    );
    const counters = ['stars', 'views'];
    // Kept from mediathek_media, whose own trigger bumps the version (migration 0024).
    const derived = ['mediathek_ids'];
    expect(watched.map((row) => row.column).sort()).toEqual(
      writable
        .map((row) => row.column)
        .filter((column) => !counters.includes(column) && !derived.includes(column))
        .sort(),
    );

    const before = await version();
    await database.db.execute(sql`UPDATE media SET stars = stars + 1, views = views + 1`);
    expect(await version()).toBe(before);
    await database.db.execute(sql`UPDATE media SET fn_kurztext = 'neu' WHERE fn_nr = 'WAL1'`);
    expect(await version()).toBe(Number(before) + 1);
  });
});
