import type { CatalogueDistinct, MediumDetail } from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { mediumRecord } from './support/factories.ts';
import { useCatalogueApp } from './support/catalogue-app.ts';
import { databaseKinds } from './support/test-database.ts';

const fixtures = [
  mediumRecord({
    fn_nr: 'a1',
    fn_titel: 'Zellbiologie',
    fn_utitel: 'Aufbau der Zelle',
    fn_langtext: 'Ausführlich: Zellkern, Mitochondrien, Membran.',
    fn_geb: '08001, 380',
    fn_sprache: 'de; en(u)',
    fn_typ: '49',
    fn_adressat: 'A(9-10); BB',
    fn_schlag: 'Zelle, Mikroskop',
    fn_herausgeber: 'Schulbuchverlag Süd',
    fn_autor: 'Erika Muster',
    fn_laenge: '15',
  }),
  mediumRecord({
    fn_nr: 'a2',
    fn_titel: 'Zellteilung',
    fn_kurztext: 'Wie sich eine Zelle teilt.',
    fn_geb: '080',
    fn_typ: '49',
    fn_adressat: 'A(10)',
  }),
  mediumRecord({
    fn_nr: 'a3',
    fn_titel: 'Zahlen',
    fn_geb: '380',
    fn_typ: '79',
    fn_sprache: 'fr',
    fn_adressat: 'E(5)',
  }),
  mediumRecord({ fn_nr: 'a4', fn_titel: 'Zellentwurf', fn_geb: '120', fn_status: 'draft' }),
];

describe.each(databaseKinds)('distinct values and media detail on %s', (kind) => {
  const context = useCatalogueApp(kind, fixtures);

  const distinct = async (query: string) => {
    const response = await context.app.inject({
      url: `/api/v1/media/catalogue/search/distinct?${query}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<CatalogueDistinct>();
  };

  it('counts the values of every requested field under the current search', async () => {
    const result = await distinct('q=Zelle&f=fn_geb&f=fn_sprache&f=fn_typ&f=fn_adressat');
    expect(result.approximate).toBe(false);
    expect(result.fn_geb).toEqual([
      { value: '080', text: 'Biologie', count: 2 },
      { value: '380', text: 'Mathematik', count: 1 },
    ]);
    expect(result.fn_typ).toEqual([{ value: '49', text: 'Online-Film', count: 2 }]);
    expect(result.fn_sprache?.map((value) => [value.value, value.count])).toEqual([
      ['de', 2],
      ['en', 1],
    ]);
    // School stages and grades, in their order, only those with media.
    expect(result.fn_adressat).toEqual([
      { value: 'A(9-10)', text: 'Klasse 9-10', count: 2 },
      { value: 'BB', text: 'Berufliche Bildung', count: 1 },
    ]);
  });

  it('counts the media the search shows instead when no medium has every word', async () => {
    // A typing error: the facets of the corrected query, as its results are.
    const corrected = await distinct('q=Zellteilng&f=fn_geb&f=fn_typ');
    expect(corrected.fn_geb).toEqual([{ value: '080', text: 'Biologie', count: 1 }]);
    expect(corrected.fn_typ).toEqual([{ value: '49', text: 'Online-Film', count: 1 }]);
    // No medium has both words: the media with either, as the search lists them.
    const partial = await distinct('q=Zellteilung%20Zahlen&f=fn_typ');
    expect(partial.fn_typ?.map((value) => [value.value, value.count]).sort()).toEqual([
      ['49', 1],
      ['79', 1],
    ]);
    // As typed (exact), with filters, or where nothing is like it: nothing.
    expect((await distinct('q=Zellteilng&exact=1&f=fn_typ')).fn_typ).toEqual([]);
    expect((await distinct('q=Zellteilng&filter_fn_typ=79&f=fn_typ')).fn_typ).toEqual([]);
    expect((await distinct('q=Quantenchromodynamik&f=fn_typ')).fn_typ).toEqual([]);
  });

  it('counts the school stages without a search too, and a stage filters by its grades', async () => {
    const all = await distinct('f=fn_adressat');
    expect(all.fn_adressat?.map((value) => [value.text, value.count])).toEqual([
      ['Elementarbereich', 1],
      ['Klasse 9-10', 2],
      ['Berufliche Bildung', 1],
    ]);
    // As the search page sends it, with the trailing '*'.
    const search = await context.app.inject({
      url: '/api/v1/media/catalogue/search?filter_fn_adressat=A(9-10)*',
    });
    expect(
      search
        .json<{ fn_titel: string }[]>()
        .map((item) => item.fn_titel)
        .sort(),
    ).toEqual(['Zellbiologie', 'Zellteilung']);
  });

  it('counts the subject areas one level below geb_parent under the current search', async () => {
    const biology = await distinct('f=fn_geb&geb_parent=080');
    expect(biology.fn_geb).toEqual([
      { value: '08001', text: expect.any(String) as string, count: 1 },
    ]);
    const none = await distinct('f=fn_geb&geb_parent=380');
    expect(none.fn_geb).toEqual([]);
    const bad = await context.app.inject({
      url: '/api/v1/media/catalogue/search/distinct?f=fn_geb&geb_parent=08',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      'geb_parent muss ein Sachgebiet-Code sein (3 bis 9 Ziffern).',
    );
  });

  it('answers only the requested fields, and all four without f', async () => {
    const one = await distinct('f=fn_typ');
    expect(Object.keys(one).sort()).toEqual(['approximate', 'fn_typ']);
    expect(one.fn_typ?.map((value) => value.value)).toEqual(['49', '79']);
    // A field asked twice is counted once.
    expect(await distinct('f=fn_typ&f=fn_typ&f=fn_geb&f=fn_geb')).toEqual(
      await distinct('f=fn_typ&f=fn_geb'),
    );
    const all = await distinct('filter_fn_geb=380*');
    expect(all.fn_geb?.map((value) => value.value)).toEqual(['380', '080']);
    expect(all.fn_sprache?.map((value) => value.value).sort()).toEqual(['de', 'en', 'fr']);
  });

  it('refuses unknown fields with a German message', async () => {
    const response = await context.app.inject({
      url: '/api/v1/media/catalogue/search/distinct?f=fn_titel',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message: 'Das Feld f muss fn_geb, fn_sprache, fn_typ oder fn_adressat sein.',
    });
  });

  it('counts the media of each subject area, one level at a time, including those below it', async () => {
    const top = await context.app.inject({ url: '/api/v1/media/catalogue/categories' });
    expect(top.json()).toEqual([
      { value: '080', text: 'Biologie', count: 2 },
      { value: '380', text: 'Mathematik', count: 2 },
    ]);
    const biology = await context.app.inject({
      url: '/api/v1/media/catalogue/categories?parent=080',
    });
    expect(biology.json()).toEqual([
      { value: '08001', text: expect.any(String) as string, count: 1 },
    ]);
    const bad = await context.app.inject({ url: '/api/v1/media/catalogue/categories?parent=08' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers one published medium with its public fields, whatever the case of the id', async () => {
    const response = await context.app.inject({ url: '/api/v1/media/testpool-a1' });
    expect(response.statusCode).toBe(200);
    const medium = response.json<MediumDetail>();
    expect(medium).toMatchObject({
      identifier: 'TESTPOOL-A1',
      fn_nr: 'a1',
      fn_titel: 'Zellbiologie',
      fn_utitel: 'Aufbau der Zelle',
      fn_langtext: 'Ausführlich: Zellkern, Mitochondrien, Membran.',
      fn_geb: '08001, 380',
      fn_laenge: '15',
      publisher: 'Schulbuchverlag Süd',
      fn_autor: 'Erika Muster',
    });
    expect(Number.isNaN(Date.parse(medium.fn_aenderung))).toBe(false);
    expect(medium).not.toHaveProperty('fn_bemerk');
    expect(medium).not.toHaveProperty('fn_status');
  });

  it('answers 404 with a German message for unknown and unpublished media', async () => {
    for (const id of ['TESTPOOL-NOPE', 'TESTPOOL-A4']) {
      const response = await context.app.inject({ url: `/api/v1/media/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Not Found',
        message: 'Dieses Medium wurde nicht gefunden.',
      });
    }
  });

  it('answers 401 for user info and default features while nobody is signed in', async () => {
    const userinfo = await context.app.inject({ url: '/api/v1/user/userinfo' });
    expect(userinfo.statusCode).toBe(401);
    expect(userinfo.json<{ message: string }>().message).toBe(
      'Für diese Funktion müssen Sie angemeldet sein.',
    );
    const features = await context.app.inject({ url: '/api/v1/utils/features' });
    expect(features.json()).toEqual({ media_editing: false });
  });

  it('documents the API as OpenAPI at /api/docs', async () => {
    const response = await context.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/media/catalogue/search',
        '/api/v1/media/catalogue/search/distinct',
        '/api/v1/media/{identifier}',
        '/api/v1/user/userinfo',
        '/api/v1/utils/features',
      ]),
    );
  });

  it('answers unknown API paths with a German 404', async () => {
    const response = await context.app.inject({ url: '/api/v1/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe(
      'Die angeforderte Seite wurde nicht gefunden.',
    );
  });
});
