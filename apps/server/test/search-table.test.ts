import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

/** The narrow search table (migration 0017) holds what media hold, after every kind of write. */
describe.each(databaseKinds)('the search table follows media (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** The rows where media_search differs from media (either side missing or a column apart). */
  const differences = () =>
    queryRows<{ id: number }>(
      database.db,
      sql`SELECT coalesce(m.id, s.id) AS id
          FROM (SELECT id, fn_status, pool, fn_typ, fn_prodname, fn_aenderung, popularity,
                       geb_codes, geb_paths, geb_top, sprache_codes, adressat_codes, schlag_keys,
                       search_vector, rank_vector FROM media) AS m
          FULL JOIN media_search s ON s.id = m.id
          WHERE m.id IS NULL OR s.id IS NULL
             OR (m.fn_status, m.pool, m.fn_typ, m.fn_prodname, m.fn_aenderung, m.popularity,
                 m.geb_codes, m.geb_paths, m.geb_top, m.sprache_codes, m.adressat_codes,
                 m.schlag_keys, m.search_vector, m.rank_vector)
                IS DISTINCT FROM
                (s.fn_status, s.pool, s.fn_typ, s.fn_prodname, s.fn_aenderung, s.popularity,
                 s.geb_codes, s.geb_paths, s.geb_top, s.sprache_codes, s.adressat_codes,
                 s.schlag_keys, s.search_vector, s.rank_vector)`,
    );
  const searchRows = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM media_search`,
        )
      )[0]?.n,
    );

  it('copies loaded and inserted media', async () => {
    await importMedia(database.db, [
      mediumRecord({ fn_nr: 'NS1', fn_titel: 'Die Zellteilung', fn_schlag: 'Mitose' }),
      mediumRecord({ fn_nr: 'NS2', fn_titel: 'Der Blutkreislauf', fn_status: 'draft' }),
    ]);
    await database.db.execute(
      sql`INSERT INTO media (identifier, pool, fn_nr, fn_titel, fn_status)
          VALUES ('TESTPOOL-NS3', 'testpool', 'NS3', 'Der Stromkreis', 'published')`,
    );
    expect(await searchRows()).toBe(3);
    expect(await differences()).toEqual([]);
  });

  it('follows updates of texts, filters, publication and the counters', async () => {
    await database.db.execute(
      sql`UPDATE media SET fn_titel = 'Die Meiose', fn_typ = '58', geb_codes = ARRAY['460'],
                           geb_paths = ARRAY['460'], schlag_keys = ARRAY['zelle']
          WHERE fn_nr = 'NS1'`,
    );
    await database.db.execute(sql`UPDATE media SET fn_status = 'published' WHERE fn_nr = 'NS2'`);
    await database.db.execute(sql`UPDATE media SET fn_status = 'archived' WHERE fn_nr = 'NS3'`);
    await database.db.execute(sql`UPDATE media SET stars = stars + 2, views = views + 5`);
    expect(await differences()).toEqual([]);
    const [meiose] = await queryRows<{ found: boolean; popularity: number }>(
      database.db,
      sql`SELECT s.search_vector @@ to_tsquery('simple', 'meios') AS found, s.popularity
          FROM media_search s JOIN media m ON m.id = s.id WHERE m.fn_nr = 'NS1'`,
    );
    expect(meiose).toEqual({ found: true, popularity: 45 });
  });

  it('drops the rows of deleted media', async () => {
    await database.db.execute(sql`DELETE FROM media WHERE fn_nr = 'NS2'`);
    expect(await searchRows()).toBe(2);
    expect(await differences()).toEqual([]);
  });
});
