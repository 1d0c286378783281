import type { CatalogueItem } from '@medienkatalog/domain';
import { MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const media = [
  mediumRecord({ fn_nr: 'L1', fn_titel: 'Vulkane der Erde' }),
  mediumRecord({ fn_nr: 'L2', fn_titel: 'Vulkane in Island' }),
  mediumRecord({ fn_nr: 'L3', fn_titel: 'Vulkane unter Wasser' }),
  mediumRecord({ fn_nr: 'L4', fn_titel: 'Entwurf über Vulkane', fn_status: 'draft' }),
  mediumRecord({ fn_nr: 'G1', fn_titel: 'Gletscher der Alpen' }),
  mediumRecord({ fn_nr: 'G2', fn_titel: 'Gletscher in Grönland' }),
];
const id = (fnNr: string) => `TESTPOOL-${fnNr}`;

describe.each(databaseKinds)('stars, wishlist, trending and roles (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // One connection: ids in the records' order (trending ranks a tie by the newer medium); a
    // load on several connections numbers each connection's share as it arrives.
    await importMedia(database.db, media, { connections: 1 });
    await seedDemoAccounts(database.db);
    app = await buildApp({ db: database.db });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const items = (answer: { json: () => unknown }) => answer.json() as CatalogueItem[];

  it('stars and unstars, and every media answer tells the user which ones they starred', async () => {
    const teacher = await demoClient(app, 'Lehrkraft');
    expect((await teacher.put(`/api/v1/user/stars/${id('L1')}`)).statusCode).toBe(204);
    // Twice is the same as once.
    expect((await teacher.put(`/api/v1/user/stars/${id('L1')}`)).statusCode).toBe(204);
    expect((await teacher.put(`/api/v1/user/stars/${id('L2').toLowerCase()}`)).statusCode).toBe(
      204,
    );

    const search = items(await teacher.get('/api/v1/media/catalogue/search?q=Vulkane'));
    const state = Object.fromEntries(
      search.map((item) => [item.identifier, [item.starred, item.stars]]),
    );
    expect(state).toEqual({
      [id('L1')]: [true, 1],
      [id('L2')]: [true, 1],
      [id('L3')]: [false, 0],
    });
    const detail = await teacher.get(`/api/v1/media/${id('L1')}`);
    expect(detail.json()).toMatchObject({ starred: true, stars: 1 });

    // Another user sees the count but not the star; so does a visitor.
    const student = await demoClient(app, 'Schülerin');
    const theirs = items(await student.get('/api/v1/media/catalogue/search?q=Vulkane'));
    expect(theirs.find((item) => item.identifier === id('L1'))).toMatchObject({
      starred: false,
      stars: 1,
    });
    const anonymous = await app.inject({ url: `/api/v1/media/${id('L1')}` });
    expect(anonymous.json()).toMatchObject({ starred: false, stars: 1 });

    const wishlist = await teacher.get('/api/v1/user/wishlist');
    expect(wishlist.headers['x-total-count']).toBe('2');
    expect(items(wishlist).map((item) => item.identifier)).toEqual([id('L2'), id('L1')]);
    expect(items(wishlist).every((item) => item.starred)).toBe(true);

    expect((await teacher.delete(`/api/v1/user/stars/${id('L2')}`)).statusCode).toBe(204);
    expect(
      items(await teacher.get('/api/v1/user/wishlist')).map((item) => item.identifier),
    ).toEqual([id('L1')]);
    expect((await teacher.get(`/api/v1/media/${id('L2')}`)).json()).toMatchObject({ stars: 0 });
    expect((await teacher.delete(`/api/v1/user/stars/${id('L1')}`)).statusCode).toBe(204);
    const empty = await teacher.get('/api/v1/user/wishlist');
    expect(items(empty)).toEqual([]);
    expect(empty.headers['x-total-count']).toBeUndefined();
  });

  it('refuses stars for unknown and unpublished media', async () => {
    const teacher = await demoClient(app, 'Lehrkraft');
    for (const identifier of ['TESTPOOL-NICHTDA', id('L4')]) {
      const answer = await teacher.put(`/api/v1/user/stars/${identifier}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json<{ message: string }>().message).toBe(MESSAGES.mediumNotFound);
    }
  });

  it('lists as trending what signed-in users starred and viewed in the last 30 days', async () => {
    const teacher = await demoClient(app, 'Lehrkraft');
    const student = await demoClient(app, 'Schülerin');
    const admin = await demoClient(app, 'Schul-Admin');
    await teacher.put(`/api/v1/user/stars/${id('L3')}`);
    await student.put(`/api/v1/user/stars/${id('L3')}`);
    for (const user of [teacher, student]) {
      expect((await user.post(`/api/v1/media/${id('L2')}/views`)).statusCode).toBe(204);
    }
    await admin.post(`/api/v1/media/${id('L1')}/views`);
    // Old activity does not count (one view a day, 40 to 59 days ago). At noon in Berlin, where
    // views are counted by day: 24 hours back from late evening crossed the end of summer time
    // into the same day twice.
    await database.db.execute(
      sql`INSERT INTO views (user_id, media_id, viewed_at)
          SELECT u.id, m.id,
                 ((now() AT TIME ZONE 'Europe/Berlin')::date - d + time '12:00')
                   AT TIME ZONE 'Europe/Berlin'
          FROM media m, users u, generate_series(40, 59) AS d
          WHERE m.fn_nr = 'L1' AND u.email = 'lehrkraft@demo.medienkatalog.invalid'`,
    );
    const trending = await student.get('/api/v1/user/trending');
    expect(trending.statusCode).toBe(200);
    // L3: 2 stars (weight 3 each) = 6; L2: 2 views; L1: 1 view.
    expect(items(trending).map((item) => [item.identifier, item.starred])).toEqual([
      [id('L3'), true],
      [id('L2'), false],
      [id('L1'), false],
    ]);
  });

  /** The view rows and media.views of a medium. */
  const viewsOf = async (fnNr: string) => {
    const [row] = await queryRows<{ rows: number; counter: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM views v WHERE v.media_id = m.id)::int AS rows,
                 m.views AS counter
          FROM media m WHERE m.fn_nr = ${fnNr}`,
    );
    return row;
  };
  const trendingOf = async (client: SessionClient) =>
    items(await client.get('/api/v1/user/trending')).map((item) => item.identifier);

  it('counts nothing for anonymous views: 300 calls do not buy a place in trending', async () => {
    const student = await demoClient(app, 'Schülerin');
    const before = await trendingOf(student);
    const visitor = new SessionClient(app);
    for (let i = 0; i < 300; i += 1) {
      expect((await visitor.post(`/api/v1/media/${id('G1')}/views`)).statusCode).toBe(204);
    }
    expect(await viewsOf('G1')).toEqual({ rows: 0, counter: 0 });
    expect(await trendingOf(student)).toEqual(before);
  });

  it('counts one view per user, medium and day, and keeps media.views equal to them', async () => {
    const teacher = await demoClient(app, 'Lehrkraft');
    for (let i = 0; i < 50; i += 1) {
      expect((await teacher.post(`/api/v1/media/${id('G2')}/views`)).statusCode).toBe(204);
    }
    expect(await viewsOf('G2')).toEqual({ rows: 1, counter: 1 });
    const student = await demoClient(app, 'Schülerin');
    await student.post(`/api/v1/media/${id('G2')}/views`);
    await student.post(`/api/v1/media/${id('g2')}/views`);
    expect(await viewsOf('G2')).toEqual({ rows: 2, counter: 2 });
    // Two views: after L3 (6); ties with L2 (2) and comes first as the newer medium.
    expect(await trendingOf(student)).toEqual([id('L3'), id('G2'), id('L2'), id('L1')]);

    // Yesterday's view (in Germany) does not stop today's.
    await database.db.execute(
      sql`UPDATE views SET viewed_at = viewed_at - interval '1 day'
          WHERE media_id = (SELECT id FROM media WHERE fn_nr = 'G2')`,
    );
    await teacher.post(`/api/v1/media/${id('G2')}/views`);
    expect(await viewsOf('G2')).toEqual({ rows: 3, counter: 3 });
  });

  it('answers 404 alike for drafts and unknown media, signed in or not', async () => {
    const teacher = await demoClient(app, 'Lehrkraft');
    const visitor = new SessionClient(app);
    for (const client of [teacher, visitor]) {
      for (const identifier of [id('L4'), 'TESTPOOL-NICHTDA']) {
        const answer = await client.post(`/api/v1/media/${identifier}/views`);
        expect(answer.statusCode, identifier).toBe(404);
        expect(answer.json<{ message: string }>().message).toBe(MESSAGES.mediumNotFound);
      }
    }
    expect(await viewsOf('L4')).toEqual({ rows: 0, counter: 0 });
  });

  it("lists in the class library the media shared with the user's class", async () => {
    const student = await demoClient(app, 'Schülerin');
    const teacher = await demoClient(app, 'Lehrkraft');
    await database.db.execute(
      sql`INSERT INTO class_shares (klassen_id, media_id)
          SELECT '7b', id FROM media WHERE fn_nr IN ('L1', 'L3', 'L4')`,
    );
    const library = await student.get('/api/v1/user/classlibrary');
    expect(library.statusCode).toBe(200);
    // The draft L4 is not shown.
    expect(
      items(library)
        .map((item) => item.identifier)
        .sort(),
    ).toEqual([id('L1'), id('L3')]);
    expect(library.headers['x-total-count']).toBe('2');
    expect(items(await teacher.get('/api/v1/user/classlibrary'))).toHaveLength(2);
    const otherClass = await demoClient(app, 'Schul-Admin');
    expect(items(await otherClass.get('/api/v1/user/classlibrary'))).toEqual([]);
  });

  it('answers every role its own user info and feature flags', async () => {
    const expected: [string, object, boolean][] = [
      ['Schülerin', { role: '', klassenID: '7b', type: '', context: '' }, false],
      ['Lehrkraft', { role: 'L', school_admin: '', type: '' }, false],
      ['Schul-Admin', { role: 'L', school_admin: '1' }, false],
      ['Kreis-Admin', { district_admin: '1' }, false],
      ['Medienzentrum', { type: 'MZ', context: 'mz/kreis-nord' }, false],
      ['Produzent', { type: 'MZ', context: 'admin/fwu' }, true],
    ];
    for (const [label, info, mediaEditing] of expected) {
      const client = await demoClient(app, label);
      expect((await client.get('/api/v1/user/userinfo')).json(), label).toMatchObject(info);
      expect((await client.get('/api/v1/utils/features')).json(), label).toEqual({
        media_editing: mediaEditing,
      });
    }
    expect((await app.inject({ url: '/api/v1/utils/features' })).json()).toEqual({
      media_editing: false,
    });
  });

  it('lets only signed-in users use the calls that need an account', async () => {
    const calls: [method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, body?: object][] = [
      ['GET', '/api/v1/user/userinfo'],
      ['GET', '/api/v1/user/wishlist'],
      ['GET', '/api/v1/user/trending'],
      ['GET', '/api/v1/user/classlibrary'],
      ['PUT', `/api/v1/user/stars/${id('L1')}`],
      ['DELETE', `/api/v1/user/stars/${id('L1')}`],
      [
        'PUT',
        '/api/v1/user/profile',
        { vorname: 'A', name: 'B', schulname: '', show_jitsi: false },
      ],
      [
        'POST',
        '/api/v1/user/password',
        { current_password: 'x', new_password: 'Neues-Passwort-99' },
      ],
    ];
    const visitor = new SessionClient(app);
    for (const [method, url, body] of calls) {
      const answer = await visitor.request(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.json<{ message: string }>().message).toBe(MESSAGES.loginRequired);
    }
    for (const label of [
      'Schülerin',
      'Lehrkraft',
      'Schul-Admin',
      'Kreis-Admin',
      'Medienzentrum',
      'Produzent',
    ]) {
      const client = await demoClient(app, label);
      for (const [method, url] of calls.slice(0, 6)) {
        const answer = await client.request(method, url);
        expect(answer.statusCode, `${label}: ${method} ${url}`).toBeLessThan(300);
      }
    }
  });
});
