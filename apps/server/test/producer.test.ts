import { MESSAGES, type ProducerMedium } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const own = (fnNr: string, title: string, status: 'draft' | 'published' = 'published') =>
  mediumRecord({
    pool: 'fwu',
    fn_prodname: 'FWU',
    fn_nr: fnNr,
    fn_titel: title,
    fn_status: status,
  });
const fixtures = [
  own('P1', 'Eigener Film eins'),
  own('P2', 'Eigener Film zwei'),
  own('P3', 'Eigener Film drei'),
  own('P4', 'Eigener Entwurf', 'draft'),
  mediumRecord({
    pool: 'lernfilm',
    fn_prodname: 'Lernfilm',
    fn_nr: 'X1',
    fn_titel: 'Fremder Film',
  }),
];
const API = '/api/v1/producer/media';

describe.each(databaseKinds)('producer media (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    app = await buildApp({ db: database.db, searchCache: { entries: 100, versionCheckMs: 0 } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const message = (answer: { json: () => unknown }) =>
    (answer.json() as { message: string }).message;

  it('lets only producers in, and each only to its own pool', async () => {
    expect((await new SessionClient(app).get(API)).statusCode).toBe(401);
    for (const label of ['Lehrkraft', 'Medienzentrum', 'Schülerin']) {
      const answer = await (await demoClient(app, label)).get(API);
      expect(answer.statusCode, label).toBe(403);
      expect(message(answer)).toBe(MESSAGES.producer.producerOnly);
    }
    const producer = await demoClient(app, 'Produzent');
    const list = await producer.get(API);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('4');
    const media = list.json<ProducerMedium[]>();
    expect(media.map((medium) => medium.identifier).sort()).toEqual([
      'FWU-P1',
      'FWU-P2',
      'FWU-P3',
      'FWU-P4',
    ]);
    expect(media[0]).toMatchObject({ fn_context: 'admin/fwu', pool: 'fwu' });
    expect((await producer.get(`${API}/fwu-p1`)).json()).toMatchObject({
      fn_titel: 'Eigener Film eins',
    });
    // Another pool's medium does not exist for this producer.
    expect((await producer.get(`${API}/LERNFILM-X1`)).statusCode).toBe(404);
    expect(
      (
        await producer.put(`${API}/LERNFILM-X1`, {
          fn_nr: 'X1',
          fn_titel: 'Übernommen',
          fn_adressat: 'A',
          fn_aenderung: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await producer.delete(`${API}/LERNFILM-X1`)).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/media/LERNFILM-X1' })).json()).toMatchObject({
      fn_titel: 'Fremder Film',
    });
  });

  it('creates media with the defaults of a new medium and refuses a taken or bad number', async () => {
    const producer = await demoClient(app, 'Produzent');
    const created = await producer.post(API, {
      fn_nr: 'NEU-1',
      fn_titel: 'Neues Medium',
      fn_adressat: 'A(5-6)',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      identifier: 'FWU-NEU-1',
      fn_typ: '49',
      fn_prodjahr: String(new Date().getFullYear()),
      fn_sprache: 'de',
      fn_status: 'draft',
      fn_prodname: 'FWU',
      teaser_image: null,
    });
    const again = await producer.post(API, {
      fn_nr: 'neu-1',
      fn_titel: 'Doppelt',
      fn_adressat: 'A',
    });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(MESSAGES.producer.numberTaken('neu-1'));

    // Each refusal names the field as the producer's screens do, and its values in German.
    const bad: [object, string][] = [
      [{ fn_nr: 'N2', fn_adressat: 'A' }, `Titel: ${MESSAGES.producer.required}`],
      [
        { fn_nr: 'N2', fn_titel: 'T', fn_adressat: '' },
        `Zielgruppe: ${MESSAGES.producer.required}`,
      ],
      [
        { fn_nr: 'N 2/3', fn_titel: 'T', fn_adressat: 'A' },
        `Medien-Nr.: ${MESSAGES.producer.number}`,
      ],
      [
        { fn_nr: 'N2', fn_titel: 'T', fn_adressat: 'A', fn_prodjahr: '1899' },
        MESSAGES.producer.year,
      ],
      [
        { fn_nr: 'N2', fn_titel: 'T', fn_adressat: 'A', fn_prodjahr: '2031' },
        MESSAGES.producer.year,
      ],
      [
        { fn_nr: 'N2', fn_titel: 'T', fn_adressat: 'A', fn_status: 'Veröffentlicht' },
        'Status: Bitte wählen Sie „Entwurf“, „Veröffentlicht“ oder „Archiviert“.',
      ],
      [
        { fn_nr: 'N2', fn_titel: 'T'.repeat(501), fn_adressat: 'A' },
        'Titel: Höchstens 500 Zeichen erlaubt.',
      ],
    ];
    for (const [body, expected] of bad) {
      const answer = await producer.post(API, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(message(answer)).toBe(expected);
    }
  });

  it('updates with the change time it was based on and refuses an outdated base (409)', async () => {
    const producer = await demoClient(app, 'Produzent');
    const medium = (await producer.get(`${API}/FWU-P4`)).json<ProducerMedium>();
    const first = await producer.put(`${API}/FWU-P4`, {
      ...medium,
      fn_titel: 'Entwurf, überarbeitet',
      fn_adressat: 'A(5-6)',
      fn_status: 'published',
      fn_schlag: 'Vulkanismus',
    });
    expect(first.statusCode).toBe(200);
    const updated = first.json<ProducerMedium>();
    expect(updated.fn_titel).toBe('Entwurf, überarbeitet');
    expect(new Date(updated.fn_aenderung).getTime()).toBeGreaterThan(
      new Date(medium.fn_aenderung).getTime(),
    );
    // The catalogue shows the published medium at once.
    const search = await app.inject({ url: '/api/v1/media/catalogue/search?q=Vulkanismus' });
    expect(search.headers['x-total-count']).toBe('1');

    // A second editor still holding the old version is stopped.
    const stale = await producer.put(`${API}/FWU-P4`, {
      ...medium,
      fn_titel: 'Alter Stand',
      fn_adressat: 'A',
    });
    expect(stale.statusCode).toBe(409);
    expect(message(stale)).toBe(MESSAGES.producer.conflict);
    expect((await producer.get(`${API}/FWU-P4`)).json()).toMatchObject({
      fn_titel: 'Entwurf, überarbeitet',
    });
    // Renaming to a number the pool already uses is refused, not a server error.
    const renamed = await producer.put(`${API}/FWU-P4`, { ...updated, fn_nr: 'P1' });
    expect(renamed.statusCode).toBe(409);
    expect(message(renamed)).toBe(MESSAGES.producer.numberTaken('P1'));
    const missingBase = await producer.put(`${API}/FWU-P4`, {
      ...updated,
      fn_aenderung: 'gestern',
    });
    expect(missingBase.statusCode).toBe(400);
    expect(message(missingBase)).toBe(MESSAGES.producer.baseTime);
  });

  it('bulk-updates only the non-empty fields, all or nothing and only own media', async () => {
    const producer = await demoClient(app, 'Produzent');
    const result = await producer.request('PATCH', `${API}/bulk`, {
      ids: ['FWU-P1', 'fwu-p2', 'FWU-P3'],
      updates: { fn_status: 'archived', fn_prodjahr: '2020', fn_autor: '', fn_geb: '080' },
    });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ updated: 3 });
    const p2 = (await producer.get(`${API}/FWU-P2`)).json<ProducerMedium>();
    expect(p2).toMatchObject({
      fn_status: 'archived',
      fn_prodjahr: '2020',
      fn_geb: '080',
      fn_titel: 'Eigener Film zwei',
    });

    const checks: [object, number, string][] = [
      [{ ids: [], updates: { fn_status: 'draft' } }, 400, MESSAGES.producer.idsEmpty],
      [
        {
          ids: Array.from({ length: 1001 }, (_, i) => `FWU-${String(i)}`),
          updates: { fn_typ: '55' },
        },
        400,
        MESSAGES.producer.idsTooMany,
      ],
      [
        { ids: ['FWU-P1'], updates: { fn_autor: '', fn_typ: '  ' } },
        400,
        MESSAGES.producer.noFields,
      ],
      // The status is one of the three the dialog offers; refused in German, field named.
      [
        { ids: ['FWU-P1'], updates: { fn_status: 'Veröffentlicht' } },
        400,
        'Status: Bitte wählen Sie „Entwurf“, „Veröffentlicht“ oder „Archiviert“.',
      ],
      [{ ids: ['FWU-P1'], updates: { fn_prodjahr: 'neu' } }, 400, MESSAGES.producer.year],
      [
        { ids: ['FWU-P1'], updates: { fn_autor: 'A'.repeat(501) } },
        400,
        'Autor: Höchstens 500 Zeichen erlaubt.',
      ],
      [
        { ids: ['FWU-P1', 'LERNFILM-X1'], updates: { fn_status: 'draft' } },
        404,
        MESSAGES.producer.someNotFound,
      ],
    ];
    for (const [body, status, expected] of checks) {
      const answer = await producer.request('PATCH', `${API}/bulk`, body);
      expect(answer.statusCode).toBe(status);
      expect(message(answer)).toBe(expected);
    }
    // The refused list changed nothing, not even the own medium in it.
    expect((await producer.get(`${API}/FWU-P1`)).json()).toMatchObject({ fn_status: 'archived' });
  });

  it('deletes single and several media, all or nothing and only own media', async () => {
    const producer = await demoClient(app, 'Produzent');
    await producer.post(API, { fn_nr: 'D1', fn_titel: 'Weg eins', fn_adressat: 'A' });
    await producer.post(API, { fn_nr: 'D2', fn_titel: 'Weg zwei', fn_adressat: 'A' });
    await producer.post(API, { fn_nr: 'D3', fn_titel: 'Weg drei', fn_adressat: 'A' });
    const refused = await producer.request('DELETE', `${API}/bulk`, {
      ids: ['FWU-D1', 'LERNFILM-X1'],
    });
    expect(refused.statusCode).toBe(404);
    expect((await producer.get(`${API}/FWU-D1`)).statusCode).toBe(200);

    const bulk = await producer.request('DELETE', `${API}/bulk`, { ids: ['FWU-D1', 'FWU-D2'] });
    expect(bulk.json()).toEqual({ updated: 2 });
    expect((await producer.get(`${API}/FWU-D2`)).statusCode).toBe(404);
    expect((await producer.delete(`${API}/FWU-D3`)).statusCode).toBe(204);
    expect((await producer.delete(`${API}/FWU-D3`)).statusCode).toBe(404);
  });

  it('lists 10,000 media of a pool in pages of up to 1,000', async () => {
    await importMedia(
      database.db,
      Array.from({ length: 10_000 }, (_, index) =>
        mediumRecord({ pool: 'gross', fn_prodname: 'Groß', fn_nr: `G${String(index)}` }),
      ),
    );
    await database.db.execute(
      sql`UPDATE users SET context = 'admin/gross' WHERE email = 'produzent@demo.medienkatalog.invalid'`,
    );
    const producer = await demoClient(app, 'Produzent');
    const first = await producer.get(`${API}?limit=1000`);
    expect(first.headers['x-total-count']).toBe('10000');
    expect(first.json()).toHaveLength(1000);
    const last = await producer.get(`${API}?limit=1000&p=9`);
    expect(last.json()).toHaveLength(1000);
    expect((await producer.get(`${API}?limit=1001`)).statusCode).toBe(400);
  });
});
