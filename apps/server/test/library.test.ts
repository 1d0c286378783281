import type { CatalogueItem } from '@medienkatalog/domain';
import { MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
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
];
const id = (fnNr: string) => `TESTPOOL-${fnNr}`;

describe.each(databaseKinds)('stars, wishlist, trending and roles (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, media);
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

  it('lists as trending what all users starred and viewed in the last 30 days', async () => {
    const teacher = await demoClient(app, 'Lehrkraft');
    const student = await demoClient(app, 'Schülerin');
    await teacher.put(`/api/v1/user/stars/${id('L3')}`);
    await student.put(`/api/v1/user/stars/${id('L3')}`);
    const visitor = new SessionClient(app);
    for (let i = 0; i < 4; i += 1) {
      expect((await visitor.post(`/api/v1/media/${id('L2')}/views`)).statusCode).toBe(204);
    }
    await visitor.post(`/api/v1/media/${id('L1')}/views`);
    // Old activity does not count.
    await database.db.execute(
      sql`INSERT INTO views (media_id, viewed_at)
          SELECT id, now() - interval '40 days' FROM media, generate_series(1, 20)
          WHERE fn_nr = 'L1'`,
    );
    const trending = await student.get('/api/v1/user/trending');
    expect(trending.statusCode).toBe(200);
    // L3: 2 stars (weight 3 each) = 6; L2: 4 views; L1: 1 view.
    expect(items(trending).map((item) => [item.identifier, item.starred])).toEqual([
      [id('L3'), true],
      [id('L2'), false],
      [id('L1'), false],
    ]);
    expect((await visitor.post('/api/v1/media/TESTPOOL-NICHTDA/views')).statusCode).toBe(404);
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
