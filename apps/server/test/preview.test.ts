import { MESSAGES, type CatalogueDistinct, type CatalogueItem } from '@medienkatalog/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { seedDemoAccounts } from '../src/seed/demo-accounts.ts';
import { mediumRecord } from './support/factories.ts';
import { createOrganisation, grantLicence, mediumId } from './support/licences.ts';
import { demoClient, SessionClient } from './support/session-client.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const fixtures = [
  mediumRecord({
    pool: 'fwu',
    fn_prodname: 'FWU Institut',
    fn_nr: 'V1',
    fn_titel: 'Vulkane lizenziert',
    fn_typ: '49',
  }),
  mediumRecord({
    pool: 'fwu',
    fn_prodname: 'FWU Institut',
    fn_nr: 'V2',
    fn_titel: 'Vulkane frei',
    fn_typ: '55',
  }),
  mediumRecord({
    pool: 'fwu',
    fn_prodname: 'FWU Institut',
    fn_nr: 'V3',
    fn_titel: 'Vulkane Entwurf',
    fn_status: 'draft',
  }),
  mediumRecord({
    pool: 'lernfilm',
    fn_prodname: 'Lernfilm',
    fn_nr: 'L1',
    fn_titel: 'Vulkane anderswo',
  }),
];
const SEARCH = '/api/v1/media/search';

describe.each(databaseKinds)('content preview (%s)', (kind) => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, fixtures);
    await seedDemoAccounts(database.db);
    const centre = await createOrganisation(database.db, {
      kind: 'media_centre',
      name: 'Kreismedienzentrum Nord',
      context: 'mz/kreis-nord',
    });
    for (const identifier of ['FWU-V1', 'FWU-V3', 'LERNFILM-L1']) {
      await grantLicence(database.db, {
        licensee: { organisationId: centre },
        scope: { mediaId: await mediumId(database.db, identifier) },
        grantorPool: identifier.split('-')[0]?.toLowerCase() ?? '',
      });
    }
    app = await buildApp({ db: database.db });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const titles = (answer: { json: () => unknown }) =>
    (answer.json() as CatalogueItem[]).map((item) => item.fn_titel).sort();

  it("shows a producer its own pool, drafts included, under the title 'Meine Medien'", async () => {
    const producer = await demoClient(app, 'Produzent');
    expect((await producer.get('/api/v1/mzmedia/sichtung')).json()).toEqual([
      { producer: 'fwu', info: { name: 'Meine Medien', logo: null, text: '' } },
    ]);
    const own = await producer.get(`${SEARCH}?filter_identifier=FWU-%25`);
    expect(titles(own)).toEqual(['Vulkane Entwurf', 'Vulkane frei', 'Vulkane lizenziert']);
    expect(own.headers['x-total-count']).toBe('3');
    const searched = await producer.get(`${SEARCH}?filter_identifier=FWU-%25&q=frei`);
    expect(titles(searched)).toEqual(['Vulkane frei']);
    const facets = (
      await producer.get(`${SEARCH}/distinct?filter_identifier=FWU-%25&f=fn_typ`)
    ).json<CatalogueDistinct>();
    expect(facets.fn_typ?.map((value) => value.value).sort()).toEqual(['49', '55']);
    const foreign = await producer.get(`${SEARCH}?filter_identifier=LERNFILM-%25`);
    expect(foreign.statusCode).toBe(404);
  });

  it('shows a media centre only the published media licensed to its context', async () => {
    const centre = await demoClient(app, 'Medienzentrum');
    expect((await centre.get('/api/v1/mzmedia/sichtung')).json()).toEqual([
      { producer: 'fwu', info: { name: 'FWU Institut', logo: null, text: '' } },
      { producer: 'lernfilm', info: { name: 'Lernfilm', logo: null, text: '' } },
    ]);
    const fwu = await centre.get(`${SEARCH}?filter_identifier=FWU-%25`);
    expect(titles(fwu)).toEqual(['Vulkane lizenziert']);
    const lernfilm = await centre.get(`${SEARCH}?filter_identifier=LERNFILM-%25&q=Vulkane`);
    expect(titles(lernfilm)).toEqual(['Vulkane anderswo']);
  });

  it('refuses everybody else and bad producer filters', async () => {
    expect(
      (await new SessionClient(app).get(`${SEARCH}?filter_identifier=FWU-%25`)).statusCode,
    ).toBe(401);
    const teacher = await demoClient(app, 'Lehrkraft');
    for (const url of ['/api/v1/mzmedia/sichtung', `${SEARCH}?filter_identifier=FWU-%25`]) {
      const answer = await teacher.get(url);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json<{ message: string }>().message).toBe(MESSAGES.forbidden);
    }
    const producer = await demoClient(app, 'Produzent');
    for (const filter of ['FWU', 'FWU-%25%25', '%25', '']) {
      const answer = await producer.get(`${SEARCH}?filter_identifier=${filter}`);
      expect(answer.statusCode, filter).toBe(400);
    }
    expect((await producer.get(SEARCH)).statusCode).toBe(400);
  });
});
