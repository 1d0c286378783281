import {
  CatalogueSearchQuerySchema,
  mediumIdentifier,
  SEARCH_PAGE_SIZE,
  type CatalogueItem,
} from '@medienkatalog/domain';
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  CatalogueService,
  DEFAULT_SEARCH_TUNING,
} from '../src/modules/catalogue/catalogue.service.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import {
  CatalogueRepository,
  type PopularFirst,
} from '../src/modules/catalogue/catalogue.repository.ts';
import { searchConditions } from '../src/modules/catalogue/search-filters.ts';
import { searchTsQuery } from '../src/modules/catalogue/search-text.ts';
import { MediathekenRepository } from '../src/modules/licences/mediatheken.repository.ts';
import { mediumRecord } from './support/factories.ts';
import { useCatalogueApp } from './support/catalogue-app.ts';
import { databaseKinds } from './support/test-database.ts';

const fixtures = [
  mediumRecord({
    fn_nr: 'PFL1',
    fn_titel: 'Pflanzen im Frühling',
    fn_kurztext: 'Wie Blumen und Bäume nach dem Winter austreiben.',
    fn_geb: '08006',
    fn_schlag: 'Frühblüher, Botanik',
    fn_adressat: 'A(3-4)',
    fn_sprache: 'de',
    fn_typ: '49',
    fn_aenderung: new Date('2024-03-01'),
  }),
  mediumRecord({
    fn_nr: 'PHO1',
    fn_titel: 'Die Photosynthese',
    fn_kurztext: 'Wie eine Pflanze aus Licht Zucker gewinnt.',
    fn_geb: '080',
    fn_schlag: 'Botanik, Chlorophyll',
    fn_adressat: 'A(7-9)',
    fn_sprache: 'de; en(u)',
    fn_typ: '79',
    fn_aenderung: new Date('2023-05-01'),
  }),
  mediumRecord({
    fn_nr: 'OEK1',
    fn_titel: 'Das Ökosystem Wald',
    fn_kurztext: 'Lebensräume und Nahrungsketten im Wald.',
    fn_langtext: 'Ein Film über die Straße der Ameisen und die Bäume.',
    fn_geb: '080',
    fn_schlag: 'Ökologie',
    fn_adressat: 'A(5-6); J(10-12)',
    fn_sprache: 'de(h)',
    fn_typ: '58',
    pool: 'naturfilm',
    fn_prodname: 'Naturfilm Nord',
    fn_aenderung: new Date('2025-01-10'),
  }),
  mediumRecord({
    fn_nr: 'MAT1',
    fn_titel: 'Brüche verstehen',
    fn_kurztext: 'Rechnen mit Brüchen, Schritt für Schritt.',
    fn_geb: '380',
    fn_adressat: 'A(6)',
    fn_sprache: 'en',
    fn_typ: '55',
    fn_aenderung: new Date('2022-01-01'),
  }),
  mediumRecord({
    fn_nr: 'DRAFT1',
    fn_titel: 'Pflanzen Entwurf',
    fn_status: 'draft',
  }),
  mediumRecord({
    fn_nr: 'ARCH1',
    fn_titel: 'Pflanzen Archiv',
    fn_status: 'archived',
  }),
];

const titles = (items: CatalogueItem[]) => items.map((item) => item.fn_titel);

const decodeHeader = (value: string | string[] | number | undefined) =>
  typeof value === 'string' ? decodeURIComponent(value) : undefined;

describe.each(databaseKinds)('catalogue search on %s', (kind) => {
  const context = useCatalogueApp(kind, fixtures);

  const search = async (query: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/media/catalogue/search?${query}`,
    });
    return {
      status: response.statusCode,
      total: Number(response.headers['x-total-count']),
      approximate: response.headers['x-total-count-approximate'],
      partial: response.headers['x-search-partial'],
      corrected: decodeHeader(response.headers['x-search-corrected']),
      suggestion: decodeHeader(response.headers['x-search-suggestion']),
      body: response.json<unknown>(),
      items: response.statusCode === 200 ? response.json<CatalogueItem[]>() : [],
    };
  };

  it('lists only published media, newest first, with the total in X-Total-Count', async () => {
    const result = await search('');
    expect(result.status).toBe(200);
    expect(titles(result.items)).toEqual([
      'Das Ökosystem Wald',
      'Pflanzen im Frühling',
      'Die Photosynthese',
      'Brüche verstehen',
    ]);
    expect(result.total).toBe(4);
    expect(result.approximate).toBe('false');
  });

  it('answers the card fields of the spec', async () => {
    const { items } = await search('q=Photosynthese');
    expect(items[0]).toMatchObject({
      identifier: 'TESTPOOL-PHO1',
      fn_titel: 'Die Photosynthese',
      fn_kurztext: 'Wie eine Pflanze aus Licht Zucker gewinnt.',
      fn_typ: '79',
      fn_prodjahr: '2020',
      fn_sprache: 'de; en(u)',
      fn_prodname: 'Test Produktion',
      producer: 'testpool',
      starred: false,
      cover: '/covers/400x226/TESTPOOL-PHO1.jpg',
      geteilt_mit: [],
    });
  });

  it('stems German words: Pflanze finds Pflanzen and the reverse', async () => {
    expect(titles((await search('q=Pflanze')).items)).toContain('Pflanzen im Frühling');
    expect(titles((await search('q=Pflanzen%20')).items)).toContain('Die Photosynthese');
  });

  it('ranks a title match above a match in the short text', async () => {
    const { items } = await search('q=Pflanzen');
    expect(titles(items)[0]).toBe('Pflanzen im Frühling');
    expect(titles(items)).not.toContain('Pflanzen Entwurf');
    expect(titles(items)).not.toContain('Pflanzen Archiv');
  });

  it.each([
    ['Ökosystem', 'Das Ökosystem Wald'],
    ['Oekosystem', 'Das Ökosystem Wald'],
    ['OEKOLOGIE', 'Das Ökosystem Wald'],
    ['Strasse Ameisen', 'Das Ökosystem Wald'],
    ['Brueche', 'Brüche verstehen'],
    ['Brüche', 'Brüche verstehen'],
  ])('matches umlauts and their spellings: %s', async (query, title) => {
    expect(titles((await search(`q=${encodeURIComponent(query)}`)).items)).toContain(title);
  });

  it('matches a prefix of the last word while typing', async () => {
    expect(titles((await search('q=Photosy')).items)).toEqual(['Die Photosynthese']);
    expect(titles((await search('q=Wald%20%C3%96kosys')).items)).toEqual(['Das Ökosystem Wald']);
  });

  it('completes a word of two or three letters, alone or after other short words', async () => {
    for (const query of ['Pho', 'Ph', 'Die%20Pho']) {
      const found = await search(`q=${query}`);
      expect(titles(found.items), query).toContain('Die Photosynthese');
      expect(found.corrected, query).toBeUndefined();
    }
  });

  it('ranks media with every word alone; without any, those with the most words follow', async () => {
    const every = await search('q=Pflanzen%20Botanik');
    expect(titles(every.items).sort()).toEqual(['Die Photosynthese', 'Pflanzen im Frühling']);
    expect(every.partial).toBeUndefined();
    // No medium has all three: Ameisen and Bäume (the Wald film) before one word each.
    const some = await search('q=Ameisen%20B%C3%A4ume%20Zucker');
    expect(some.partial).toBe('true');
    expect(some.total).toBe(3);
    expect(titles(some.items)[0]).toBe('Das Ökosystem Wald');
    expect(titles(some.items).slice(1).sort()).toEqual([
      'Die Photosynthese',
      'Pflanzen im Frühling',
    ]);
    // The filters still apply.
    const books = await search('q=Ameisen%20B%C3%A4ume%20Zucker&c=books');
    expect(titles(books.items)).toEqual(['Die Photosynthese']);
  });

  it('suggests titles, keywords, subject areas and producers of published media while typing', async () => {
    const suggest = async (q: string) => {
      const response = await context.app.inject({
        url: `/api/v1/media/catalogue/suggest?q=${encodeURIComponent(q)}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ text: string; kind: string }[]>();
    };
    expect(await suggest('Photo')).toEqual([{ text: 'Die Photosynthese', kind: 'title' }]);
    expect(await suggest('bota')).toEqual([{ text: 'Botanik', kind: 'keyword' }]);
    expect(await suggest('natur')).toEqual([{ text: 'Naturfilm Nord', kind: 'producer' }]);
    expect(await suggest('Biol')).toContainEqual({ text: 'Biologie', kind: 'subject' });
    // School words of subject areas with media; several words in any order.
    expect(await suggest('Bi')).toContainEqual({ text: 'Bio', kind: 'subject' });
    expect(await suggest('Mathe')).toContainEqual({ text: 'Mathe', kind: 'subject' });
    expect(await suggest('Reli')).toEqual([]);
    expect(await suggest('Frühling Pfl')).toEqual([
      { text: 'Pflanzen im Frühling', kind: 'title' },
    ]);
    // Drafts and archived media are not suggested; one letter suggests nothing.
    expect(await suggest('Pflanzen')).toEqual([{ text: 'Pflanzen im Frühling', kind: 'title' }]);
    expect(await suggest('P')).toEqual([]);
    const tooLong = await context.app.inject({
      url: `/api/v1/media/catalogue/suggest?q=${'x'.repeat(300)}`,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('matches words in double quotes as a phrase', async () => {
    expect(titles((await search('q=%22Stra%C3%9Fe%20der%20Ameisen%22')).items)).toEqual([
      'Das Ökosystem Wald',
    ]);
    const reordered = await search('q=%22Ameisen%20Stra%C3%9Fe%22&exact=1');
    expect(reordered.items).toEqual([]);
    expect(reordered.total).toBe(0);
  });

  it('searches the words of a phrase that no medium has, and says so', async () => {
    const words = await search(`q=${encodeURIComponent('"Ameisen Straße"')}`);
    expect(titles(words.items)).toEqual(['Das Ökosystem Wald']);
    expect(words.corrected).toBe('Ameisen Straße');
    expect(words.partial).toBeUndefined();
    // No medium has all the words either: the media with most of them, best first.
    const most = await search(`q=${encodeURIComponent('„Ameisen Straße“ Frühling')}`);
    expect(most.corrected).toBe('Ameisen Straße Frühling');
    expect(most.partial).toBe('true');
    expect(titles(most.items)).toEqual(['Das Ökosystem Wald', 'Pflanzen im Frühling']);
    // A phrase that some medium has is searched as a phrase, and a query without phrases is
    // not announced.
    expect((await search(`q=${encodeURIComponent('"Straße der Ameisen"')}`)).corrected).toBe(
      undefined,
    );
    expect((await search('q=Wald%20Fr%C3%BChling')).corrected).toBeUndefined();
  });

  it('finds the subject area by name (Biologie finds media filed under 080)', async () => {
    const result = await search('q=Biologie');
    expect(titles(result.items).sort()).toEqual([
      'Das Ökosystem Wald',
      'Die Photosynthese',
      'Pflanzen im Frühling',
    ]);
  });

  it('corrects typing errors with the nearest words of the catalogue', async () => {
    expect(titles((await search('q=Photosyntese')).items)).toContain('Die Photosynthese');
    expect(titles((await search('q=Fotosynthese')).items)).toContain('Die Photosynthese');
    // Each wrong word of several, and the filters still apply.
    expect(titles((await search('q=Pflanzn%20Frueling')).items)).toEqual(['Pflanzen im Frühling']);
    expect((await search('q=Pflanzn%20Frueling&c=apps')).items).toEqual([]);
  });

  it('corrects only what a typing error can be: a letter or two, not a word three longer', async () => {
    // 'Waldhof' shares most trigrams with 'Wald', but is another word, not a misspelled one.
    const longer = await search('q=Waldhof');
    expect(longer.corrected).toBeUndefined();
    expect(longer.items).toEqual([]);
    const typo = await search('q=Waldd');
    expect(typo.corrected).toBe('Wald');
    expect(titles(typo.items)).toEqual(['Das Ökosystem Wald']);
    // A compound whose first part the catalogue knows (of four letters or more, as the rest):
    // that part is searched instead.
    const compound = await search('q=Waldrand');
    expect(compound.corrected).toBe('Wald');
    expect(titles(compound.items)).toEqual(['Das Ökosystem Wald']);
  });

  it('takes a compound of known words as a word: no correction suggested for it', async () => {
    // 'Ökosystem' is four edits from 'Ökosystemwald', as near as a typing error in a word so long.
    for (const query of ['Ökosystemwald', 'Waldökosystem']) {
      const found = await search(`q=${encodeURIComponent(query)}`);
      expect(titles(found.items), query).toEqual(['Das Ökosystem Wald']);
      expect(found.suggestion, query).toBeUndefined();
    }
    // No medium has both parts: the compound is searched as its nearest word instead, within
    // the edits of a typing error (five in seventeen letters) ...
    const nearest = await search(`q=${encodeURIComponent('Photosynthesewald')}`);
    expect(nearest.corrected).toBe('Photosynthese');
    expect(titles(nearest.items)).toEqual(['Die Photosynthese']);
    // ... else as its parts, the media with either of them, as for several words.
    const parts = await search(`q=${encodeURIComponent('Frühlingswald')}`);
    expect(parts.corrected).toBeUndefined();
    expect(parts.partial).toBe('true');
    expect(titles(parts.items).sort()).toEqual(['Das Ökosystem Wald', 'Pflanzen im Frühling']);
  });

  it('says which query it searched instead, spelled as the titles spell it', async () => {
    const corrected = await search('q=Fotosynthese%20Chlorophyl');
    expect(corrected.corrected).toBe('Photosynthese Chlorophyll');
    expect(titles(corrected.items)).toEqual(['Die Photosynthese']);
    expect(corrected.partial).toBeUndefined();
    // exact=1 searches the words as typed: here only one of them matches.
    const exact = await search('q=Fotosynthese%20Chlorophyl&exact=1');
    expect(exact.corrected).toBeUndefined();
    expect(exact.partial).toBe('true');
  });

  it('does not search for every word when one is in no medium: it corrects at once', async () => {
    const searched: string[] = [];
    class NotingRepository extends CatalogueRepository {
      override async searchRanked(...args: Parameters<CatalogueRepository['searchRanked']>) {
        searched.push('ranked');
        return super.searchRanked(...args);
      }
      override async estimateCount(where: SQL) {
        searched.push('estimate');
        return super.estimateCount(where);
      }
    }
    const service = new CatalogueService(new NotingRepository(context.database.db), undefined, {
      entries: 0,
      versionCheckMs: 0,
    });
    await service.search({ q: 'Wald' });
    // 'Chlorophyl' is in no medium: only the corrected query is estimated and ranked.
    searched.length = 0;
    const corrected = await service.search({ q: 'Fotosynthese Chlorophyl' });
    expect(corrected.corrected).toBe('Photosynthese Chlorophyll');
    expect(titles(corrected.items)).toEqual(['Die Photosynthese']);
    expect(searched.filter((call) => call === 'ranked')).toHaveLength(1);
    // A word being typed may match through its completions ('Photosy'): it is searched.
    searched.length = 0;
    expect(titles((await service.search({ q: 'Photosy' })).items)).toEqual(['Die Photosynthese']);
    expect(searched.filter((call) => call === 'ranked')).toHaveLength(1);
    // Nothing like it anywhere: neither searched nor corrected, and no medium has most words.
    searched.length = 0;
    const nothing = await service.search({ q: 'Quantenchromodynamik ' });
    expect(nothing).toEqual({ items: [], total: 0, approximate: false });
    expect(searched).toEqual([]);
  });

  it("offers a correction of a query that found something ('Meinten Sie')", async () => {
    const found = await search('q=Photosynthese%20Bot');
    expect(titles(found.items)).toEqual(['Die Photosynthese']);
    expect(found.suggestion).toBe('Photosynthese Botanik');
    expect(found.corrected).toBeUndefined();
    expect((await search('q=Photosynthese%20Botanik')).suggestion).toBeUndefined();
  });

  it('answers an empty list with total 0 when nothing matches', async () => {
    const result = await search('q=Quantenchromodynamik');
    expect(result.status).toBe(200);
    expect(result.items).toEqual([]);
    expect(result.total).toBe(0);
  });

  it.each([
    ['filter_fn_geb=080*', ['Das Ökosystem Wald', 'Pflanzen im Frühling', 'Die Photosynthese']],
    ['filter_fn_geb=080', ['Das Ökosystem Wald', 'Die Photosynthese']],
    ['filter_fn_geb=08006*%7C380*', ['Pflanzen im Frühling', 'Brüche verstehen']],
    ['filter_fn_sprache=en*', ['Die Photosynthese', 'Brüche verstehen']],
    ['filter_fn_sprache=en(u)', ['Die Photosynthese']],
    ['filter_fn_sprache=de(h)*', ['Das Ökosystem Wald']],
    ['filter_fn_typ=49%7C55', ['Pflanzen im Frühling', 'Brüche verstehen']],
    ['filter_fn_adressat=J*', ['Das Ökosystem Wald']],
    ['filter_fn_adressat=A(6)', ['Das Ökosystem Wald', 'Brüche verstehen']],
    ['filter_fn_adressat=A(8-12)', ['Die Photosynthese']],
    ['filter_fn_schlag=botanik', ['Pflanzen im Frühling', 'Die Photosynthese']],
    ['filter_fn_prodname=Naturfilm%20Nord', ['Das Ökosystem Wald']],
    ['filter_fn_prodname=naturfilm', ['Das Ökosystem Wald']],
    ['c=books', ['Die Photosynthese']],
    ['c=apps', ['Das Ökosystem Wald']],
    ['c=media', ['Pflanzen im Frühling', 'Brüche verstehen']],
    [
      'c=all',
      ['Das Ökosystem Wald', 'Pflanzen im Frühling', 'Die Photosynthese', 'Brüche verstehen'],
    ],
    ['filter_fn_geb=080*&filter_fn_typ=49&q=Pflanze', ['Pflanzen im Frühling']],
    // A type filter within a kind: only its types of that kind; none of them is an empty list.
    ['c=media&filter_fn_typ=49%7C79', ['Pflanzen im Frühling']],
    ['c=books&filter_fn_typ=79%7C58', ['Die Photosynthese']],
    ['c=apps&filter_fn_typ=49', []],
  ])('filters: %s', async (query, expected) => {
    const result = await search(query);
    expect(result.status).toBe(200);
    expect(titles(result.items)).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });

  it.each([
    'filter_fn_typ=49',
    'c=books',
    'filter_fn_geb=080*',
    'filter_fn_geb=080',
    'filter_fn_sprache=en*',
    'filter_fn_adressat=A(6)',
    'filter_fn_schlag=botanik',
    'filter_fn_prodname=naturfilm',
    'filter_lizenzen=mz/landkreis-nord/mediathek-bio',
  ])('reads the word and the filter %s from the search index together', async (filter) => {
    const query = CatalogueSearchQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(`${filter}&q=Pflanze`)),
    );
    const { where } = searchConditions(query, undefined, { publishedOnly: false });
    // The fixtures are few: with bitmap scans only, the planner shows what the index serves;
    // the words' own index (migration 0026, without RUM) is dropped for it and given back.
    let plan = '';
    await context.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        await tx.execute(sql`DROP INDEX IF EXISTS media_search_vector_idx`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`EXPLAIN SELECT m.id FROM media m WHERE ${where}`,
        );
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) {
          throw error;
        }
      });
    const indexed = /Bitmap Index Scan on media_search_idx.*\n\s+Index Cond: (.*)/.exec(plan)?.[1];
    expect(indexed, plan).toContain('search_vector @@');
    expect(indexed, plan).toContain('&&');
    expect(plan).not.toContain('BitmapAnd');
  });

  it.each(['Botanik', 'Pflanze', 'Wald Ameisen', 'Quantenchromodynamik'])(
    'counts the search index entries of %s as the matches of every status',
    async (text) => {
      const tsQuery = searchTsQuery(text) ?? sql`''::tsquery`;
      const [counted] = await queryRows<{ n: number }>(
        context.database.db,
        sql`SELECT count(*)::int AS n FROM media m WHERE m.search_vector @@ ${tsQuery}`,
      );
      const repository = new CatalogueRepository(context.database.db);
      expect(await repository.indexedMatches(tsQuery)).toBe(counted?.n);
    },
  );

  it('filters by media-library licence (filter_lizenzen)', async () => {
    const [photosynthesis] = await queryRows<{ id: number }>(
      context.database.db,
      sql`SELECT id FROM media WHERE fn_nr = 'PHO1'`,
    );
    await new MediathekenRepository(context.database.db).save(
      'testpool',
      { name: 'Biologie', path: 'mz/landkreis-nord/mediathek-bio', description: '' },
      [photosynthesis?.id ?? 0],
    );
    const result = await search('filter_lizenzen=mz/landkreis-nord/mediathek-bio');
    expect(titles(result.items)).toEqual(['Die Photosynthese']);
    expect((await search('filter_lizenzen=mz/andere')).items).toEqual([]);
  });

  it('follows the members of a Mediathek in the search (media.mediathek_ids)', async () => {
    const mediatheken = new MediathekenRepository(context.database.db);
    const ids = await queryRows<{ id: number; fn_nr: string }>(
      context.database.db,
      sql`SELECT id, fn_nr FROM media WHERE fn_nr IN ('PFL1', 'OEK1', 'MAT1') ORDER BY fn_nr`,
    );
    const idOf = (fnNr: string) => ids.find((row) => row.fn_nr === fnNr)?.id ?? 0;
    const path = 'mz/landkreis-nord/mediathek-wechsel';
    // Through the filter's conditions: the app's answers may come from its cache for a second.
    const found = async (q?: string) => {
      const { where } = searchConditions({ filter_lizenzen: [path], q });
      const rows = await queryRows<{ title: string }>(
        context.database.db,
        sql`SELECT m.fn_titel AS title FROM media m WHERE ${where} ORDER BY 1`,
      );
      return rows.map((row) => row.title);
    };
    const id = await mediatheken.save('testpool', { name: 'Wechsel', path, description: '' }, [
      idOf('PFL1'),
      idOf('OEK1'),
    ]);
    expect(await found()).toEqual(['Das Ökosystem Wald', 'Pflanzen im Frühling']);
    expect(await found('Wald')).toEqual(['Das Ökosystem Wald']);
    // Saved again with other members: one leaves, one joins.
    await mediatheken.save('testpool', { id, name: 'Wechsel', path, description: '' }, [
      idOf('OEK1'),
      idOf('MAT1'),
    ]);
    expect(await found()).toEqual(['Brüche verstehen', 'Das Ökosystem Wald']);
    await mediatheken.delete(id ?? 0);
    expect(await found()).toEqual([]);
    const members = await queryRows<{ n: number }>(
      context.database.db,
      sql`SELECT count(*)::int AS n FROM media WHERE ${id ?? 0} = ANY(mediathek_ids)`,
    );
    expect(members[0]?.n).toBe(0);
  });

  it.each([
    ['c=filme', 'Die Medienart muss „all“, „media“, „books“ oder „apps“ sein.'],
    ['p=-1', 'Die Seitenzahl muss eine ganze Zahl ab 0 sein.'],
    ['p=abc', 'Die Seitenzahl muss eine ganze Zahl ab 0 sein.'],
    ['p=1.5', 'Die Seitenzahl muss eine ganze Zahl ab 0 sein.'],
    ['p=999999', 'Es können höchstens 200 Seiten abgerufen werden.'],
    [`q=${'a'.repeat(201)}`, 'Der Suchbegriff darf höchstens 200 Zeichen lang sein.'],
    ['q=a&q=b', 'Der Suchbegriff muss ein Text sein.'],
    ['filter_fn_geb=biologie', 'Der Filter „Sachgebiete“ enthält einen ungültigen Wert.'],
    ['filter_fn_sprache=DE', 'Der Filter „Sprache“ enthält einen ungültigen Wert.'],
    ['filter_fn_adressat=A(5', 'Der Filter „Klassenstufe“ enthält einen ungültigen Wert.'],
    ['filter_fn_typ=49;drop', 'Der Filter „Medienart“ enthält einen ungültigen Wert.'],
  ])('answers 400 with a German message for bad input: %s', async (query, message) => {
    const result = await search(query);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Bad Request', message });
  });

  it('survives hostile query text', async () => {
    for (const q of ["'; DROP TABLE media; --", '!!&&||:*()<>', 'ä:* | ö', '\\', '%00']) {
      const result = await search(`q=${encodeURIComponent(q)}`);
      expect(result.status).toBe(200);
    }
    expect((await search('')).total).toBe(4);
  });
});

describe.each(databaseKinds)('catalogue paging and broad queries on %s', (kind) => {
  const count = SEARCH_PAGE_SIZE * 3 + 5;
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `B${i}`,
      fn_titel:
        i % 10 === 0 ? `Grundlagen der Geometrie ${i} mit Lorbeer` : `Unterricht im Fach ${i}`,
      fn_kurztext: 'Grundlagen für den Unterricht. Lorbeer',
      fn_geb: i % 2 === 0 ? '380' : '120',
      fn_sprache: i % 3 === 0 ? 'en' : 'de',
      fn_typ: i % 4 === 0 ? '58' : '49',
      stars: i,
      fn_aenderung: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000),
    }),
  );
  const context = useCatalogueApp(kind, records);

  const get = (url: string) => context.app.inject({ method: 'GET', url });

  it('pages through every match once, and an empty page ends the list', async () => {
    const seen = new Set<string>();
    for (let page = 0; page < 4; page += 1) {
      const response = await get(`/api/v1/media/catalogue/search?q=Unterricht&p=${page}`);
      const items = response.json<CatalogueItem[]>();
      expect(items.length).toBe(page < 3 ? SEARCH_PAGE_SIZE : 5);
      expect(response.headers['x-total-count']).toBe(String(count));
      items.forEach((item) => seen.add(item.identifier));
    }
    expect(seen.size).toBe(count);
    const beyond = await get('/api/v1/media/catalogue/search?q=Unterricht&p=4');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(count));
  });

  it("reads a card's columns for a page of cards, every public field for the detail page", async () => {
    const repository = new CatalogueRepository(context.database.db);
    const { where, tsQuery } = searchConditions({}, sql`to_tsquery('simple', 'unterricht')`);
    const page = { offset: 0, limit: 3 };
    const pages = [
      (await repository.searchRanked(where, tsQuery ?? sql`''`, [], page)).rows,
      (
        await repository.searchBounded(where, tsQuery ?? sql`''`, [], page, {
          candidates: SEARCH_PAGE_SIZE,
          order: 'walk',
        })
      ).rows,
      await repository.searchOrdered(where, sql`m.id`, page),
    ];
    for (const rows of pages) {
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toHaveProperty('fn_kurztext');
        expect(row).not.toHaveProperty('fn_langtext');
      }
    }
    const identifier = pages[2]?.[0]?.identifier ?? '';
    expect(await repository.findPublished(identifier)).toHaveProperty('fn_langtext');
  });

  it('finds the most popular matches alike along every path, the RUM index where it is', async () => {
    const repository = new CatalogueRepository(context.database.db);
    const [rum] = await queryRows<{ available: boolean }>(
      context.database.db,
      sql`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') AS available`,
    );
    const indexed = await repository.hasPopularTextIndex();
    expect(indexed).toBe(rum?.available === true);
    const { where, tsQuery } = searchConditions({}, sql`to_tsquery('simple', 'unterricht')`);
    const orders: PopularFirst[] = indexed ? ['walk', 'sort', 'index'] : ['walk', 'sort'];
    // The slice of the popularity index that holds the candidates and the third page: its
    // floor is the popularity of the least popular medium those need.
    const [floor] = await queryRows<{ popularity: number }>(
      context.database.db,
      sql`SELECT popularity FROM media m WHERE ${where}
          ORDER BY popularity DESC, id DESC OFFSET ${3 * SEARCH_PAGE_SIZE - 1} LIMIT 1`,
    );
    const slice = { order: 'sort' as const, minPopularity: floor?.popularity ?? 0 };
    for (const page of [
      { offset: 0, limit: SEARCH_PAGE_SIZE },
      { offset: SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE },
      { offset: 2 * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE },
    ]) {
      const pages = await Promise.all(
        [...orders.map((order) => ({ order })), slice].map(async (how) => {
          const found = await repository.searchBounded(where, tsQuery ?? sql`''`, [], page, {
            candidates: 2 * SEARCH_PAGE_SIZE,
            ...how,
          });
          expect(found.found).toBeGreaterThanOrEqual(found.wanted);
          return found.rows.map((row) => row.identifier);
        }),
      );
      expect(pages[0]).toHaveLength(SEARCH_PAGE_SIZE);
      for (const found of pages) {
        expect(found).toEqual(pages[0]);
      }
    }
    // Past the candidates, pages follow popularity (stars) alone.
    const third = await repository.searchBounded(
      where,
      tsQuery ?? sql`''`,
      [],
      { offset: 2 * SEARCH_PAGE_SIZE, limit: 3 },
      { candidates: 2 * SEARCH_PAGE_SIZE, order: indexed ? 'index' : 'sort' },
    );
    // Every fixture says 'Unterricht'; each has stars of its own.
    const byStars = [...records].sort((a, b) => (b.stars ?? 0) - (a.stars ?? 0));
    expect(third.rows.map((row) => row.identifier)).toEqual(
      byStars
        .slice(2 * SEARCH_PAGE_SIZE, 2 * SEARCH_PAGE_SIZE + 3)
        .map((record) => mediumIdentifier(record.pool, record.fn_nr)),
    );
  });

  it('takes the candidates of several words from a slice of the most popular media', async () => {
    const broadApp = await buildApp({
      db: context.database.db,
      searchTuning: {
        ...DEFAULT_SEARCH_TUNING,
        exactSearchLimit: 10,
        broadCandidates: SEARCH_PAGE_SIZE,
      },
    });
    try {
      // Every fixture has both words: the candidates are the most popular (most starred).
      const response = await broadApp.inject({
        url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('Grundlagen Unterricht.')}`,
      });
      const found = response.json<CatalogueItem[]>().map((item) => item.identifier);
      const byStars = [...records].sort((a, b) => (b.stars ?? 0) - (a.stars ?? 0));
      const popular = await queryRows<{ identifier: string }>(
        context.database.db,
        sql`SELECT identifier FROM media WHERE fn_nr = ANY(${sql.param(
          byStars.slice(0, SEARCH_PAGE_SIZE).map((record) => record.fn_nr),
        )}::text[])`,
      );
      expect([...found].sort()).toEqual(popular.map((row) => row.identifier).sort());
    } finally {
      await broadApp.close();
    }
  });

  it('says when a slice of the most popular media held too few matches', async () => {
    const repository = new CatalogueRepository(context.database.db);
    const { where, tsQuery } = searchConditions({}, sql`to_tsquery('simple', 'unterricht')`);
    const [top] = await queryRows<{ popularity: number }>(
      context.database.db,
      sql`SELECT max(popularity) AS popularity FROM media`,
    );
    const narrow = { candidates: 2 * SEARCH_PAGE_SIZE, order: 'sort' as const };
    const minPopularity = top?.popularity ?? 0;
    const first = { offset: 0, limit: SEARCH_PAGE_SIZE };
    const deep = { offset: 2 * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
    for (const page of [first, deep]) {
      const found = await repository.searchBounded(where, tsQuery ?? sql`''`, [], page, {
        ...narrow,
        minPopularity,
      });
      expect(found.found).toBeLessThan(found.wanted);
    }
  });

  it('ranks the title matches beside the popular candidates: the pages of ranking every match', async () => {
    const identifiers = async (app: typeof context.app, query: string) => {
      const pages: string[][] = [];
      const totals: string[] = [];
      for (let page = 0; page < 4; page += 1) {
        const response = await app.inject({
          url: `/api/v1/media/catalogue/search?q=${query}&p=${String(page)}`,
        });
        pages.push(response.json<CatalogueItem[]>().map((item) => item.identifier));
        totals.push(
          `${String(response.headers['x-total-count'])} ${String(response.headers['x-total-count-approximate'])}`,
        );
      }
      return { pages, totals };
    };
    // Every fixture says 'Lorbeer' in its short text, every tenth in its title too, most of
    // those among the less popular. Ranked exactly (77 matches are below the default limit),
    // the title matches come first:
    const exact = await identifiers(context.app, 'Lorbeer');
    const exactTotals = Array.from({ length: 4 }, () => `${String(count)} false`);
    expect(exact.totals).toEqual(exactTotals);
    const titles = exact.pages[0]?.slice(0, count / 10 + 1) ?? [];
    expect(new Set(titles).size).toBe(Math.ceil(count / 10));

    const titledApp = await buildApp({
      db: context.database.db,
      searchTuning: {
        ...DEFAULT_SEARCH_TUNING,
        exactSearchLimit: 100,
        broadCandidates: SEARCH_PAGE_SIZE,
      },
    });
    // Its estimate lies between an eighth of the limit and the limit: the title matches and the
    // most popular matches each page needs (from the RUM index where there is one, else from a
    // slice of the popularity index), with the same pages and the estimate as the total.
    const titled = await identifiers(titledApp, 'Lorbeer');
    // So with several words: every match says both in its short text, the tenth in its title.
    const severalExact = await identifiers(context.app, 'Grundlagen%20Lorbeer');
    const severalTitled = await identifiers(titledApp, 'Grundlagen%20Lorbeer');
    // The name of a subject area is in the rank vector of every medium filed there: a query
    // naming one browses it, its 24 most popular matches ranked as among every match, the
    // others after them by popularity, the estimate as the total (as for a broad word).
    const subjectExact = await identifiers(context.app, 'Grundlagen');
    const subject = await identifiers(titledApp, 'Grundlagen');
    await titledApp.close();
    const byPopularity = Array.from(
      { length: count },
      (_, i) => `TESTPOOL-B${String(count - 1 - i)}`,
    );
    const candidates = new Set(byPopularity.slice(0, SEARCH_PAGE_SIZE));
    expect(subject.pages.flat()).toEqual([
      ...subjectExact.pages.flat().filter((identifier) => candidates.has(identifier)),
      ...byPopularity.slice(SEARCH_PAGE_SIZE),
    ]);
    // The last page, shorter than a page, holds the last of them: its total is theirs.
    expect(subject.totals.map((total) => total.split(' ')[1])).toEqual([
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(subject.totals[3]).toBe(`${String(count)} false`);
    expect(titled.pages).toEqual(exact.pages);
    expect(severalExact.totals).toEqual(exactTotals);
    // The title matches first: the media of 'Geometrie', said in the titles only.
    const inTitles = (await identifiers(context.app, 'Geometrie')).pages[0] ?? [];
    expect(inTitles).toHaveLength(Math.ceil(count / 10));
    expect(new Set(severalExact.pages[0]?.slice(0, inTitles.length))).toEqual(new Set(inTitles));
    expect(severalTitled.pages).toEqual(severalExact.pages);
    expect(severalTitled.totals[0]).toBe(`${String(count)} true`);
    // The last page reaches the end of the matches and knows their total.
    expect(titled.totals).toEqual([
      `${String(count)} true`,
      `${String(count)} true`,
      `${String(count)} true`,
      `${String(count)} false`,
    ]);

    // With more title matches than it ranks beside the candidates (4 each), every match is
    // ranked, with its true total.
    const fewApp = await buildApp({
      db: context.database.db,
      searchTuning: { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 100, broadCandidates: 1 },
    });
    const few = await identifiers(fewApp, 'Lorbeer');
    await fewApp.close();
    expect(few).toEqual(exact);

    // A bounded search that finds fewer matches than it wants has found them all: their total
    // is exact.
    const boundedApp = await buildApp({
      db: context.database.db,
      searchTuning: {
        ...DEFAULT_SEARCH_TUNING,
        exactSearchLimit: 0,
        broadCandidates: SEARCH_PAGE_SIZE,
      },
    });
    const few10 = await boundedApp.inject({ url: '/api/v1/media/catalogue/search?q=Geometrie' });
    await boundedApp.close();
    expect(few10.json<CatalogueItem[]>()).toHaveLength(Math.ceil(count / 10));
    expect(few10.headers['x-total-count']).toBe(String(Math.ceil(count / 10)));
    expect(few10.headers['x-total-count-approximate']).toBe('false');
  });

  it('counts the media of a filter without words exactly up to the limit of title matches', async () => {
    const url = '/api/v1/media/catalogue/search?filter_fn_sprache=de';
    const german = records.filter((record) => record.fn_sprache === 'de').length;
    const exact = await get(url);
    expect(exact.headers['x-total-count']).toBe(String(german));
    expect(exact.headers['x-total-count-approximate']).toBe('false');
    // Above an eighth of the limit of exact ranking the planner's estimate is the total.
    const estimatingApp = await buildApp({
      db: context.database.db,
      searchTuning: { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 100 },
    });
    const estimated = await estimatingApp.inject({ url });
    await estimatingApp.close();
    expect(estimated.headers['x-total-count-approximate']).toBe('true');
    expect(Number(estimated.headers['x-total-count'])).toBeGreaterThan(german / 2);
    expect(estimated.json<CatalogueItem[]>().map((item) => item.identifier)).toEqual(
      exact.json<CatalogueItem[]>().map((item) => item.identifier),
    );
  });

  it('ranks only the popular candidates of a broad query, with an estimated total', async () => {
    const broadApp = await buildApp({
      db: context.database.db,
      searchTuning: {
        exactSearchLimit: 10,
        broadCandidates: SEARCH_PAGE_SIZE,
        exactFacetLimit: 10,
        facetSampleSize: 20,
      },
    });
    const first = await broadApp.inject({ url: '/api/v1/media/catalogue/search?q=Grundlagen' });
    const items = first.json<CatalogueItem[]>();
    expect(first.headers['x-total-count-approximate']).toBe('true');
    expect(Number(first.headers['x-total-count'])).toBeGreaterThan(count / 2);
    // Among the candidates the title matches come first, popular ones before others.
    expect(items[0]?.fn_titel).toMatch(/^Grundlagen der Geometrie/);
    expect(items.length).toBe(SEARCH_PAGE_SIZE);
    const second = await broadApp.inject({
      url: '/api/v1/media/catalogue/search?q=Grundlagen&p=1',
    });
    const secondIds = second.json<CatalogueItem[]>().map((item) => item.identifier);
    expect(secondIds.length).toBe(SEARCH_PAGE_SIZE);
    expect(secondIds.some((id) => items.some((item) => item.identifier === id))).toBe(false);

    // No medium has both words: the popular candidates among the media with either are ranked
    // (ranking every one of a broad fallback took seconds at a million media).
    const partial = await broadApp.inject({
      url: '/api/v1/media/catalogue/search?q=Geometrie%20Fach',
    });
    expect(partial.headers['x-search-partial']).toBe('true');
    expect(partial.headers['x-total-count-approximate']).toBe('true');
    const partialItems = partial.json<CatalogueItem[]>();
    expect(partialItems).toHaveLength(SEARCH_PAGE_SIZE);
    expect(partialItems.some((item) => item.fn_titel.includes('Geometrie'))).toBe(true);
    expect(partialItems.some((item) => item.fn_titel.includes('Fach'))).toBe(true);

    // A phrase in every medium: only its most popular matches are ranked, as for a broad word
    // (phrases of frequent words are found among the most popular media: below).
    const phrase = await broadApp.inject({
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('"Grundlagen für den Unterricht"')}`,
    });
    expect(phrase.headers['x-total-count-approximate']).toBe('true');
    expect(phrase.json<CatalogueItem[]>()).toHaveLength(SEARCH_PAGE_SIZE);
    // A word and a stop word in quotes make no phrase: the word's estimate is judged ('"Die
    // Zelle"' ranked every medium with 'Zelle' as if it were a phrase).
    const noPhrase = await broadApp.inject({
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('"Grundlagen der"')}`,
    });
    expect(noPhrase.headers['x-total-count-approximate']).toBe('true');
    expect(noPhrase.json<CatalogueItem[]>()).toHaveLength(SEARCH_PAGE_SIZE);
    // No medium has the phrase (its words are apart) and the word: the partial search judges
    // its estimate by the word alone, which is rare, and counts exactly. (Searched as typed:
    // else the phrase's words without quotes come first, and every Geometrie medium has them.)
    const partialPhrase = await broadApp.inject({
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('"Grundlagen Unterricht" Geometrie')}&exact=1`,
    });
    expect(partialPhrase.headers['x-search-partial']).toBe('true');
    expect(partialPhrase.headers['x-total-count-approximate']).toBe('false');
    expect(partialPhrase.headers['x-total-count']).toBe(String(Math.ceil(count / 10)));

    const facets = await broadApp.inject({
      url: '/api/v1/media/catalogue/search/distinct?q=Grundlagen&f=fn_typ',
    });
    const body = facets.json<{
      approximate: boolean;
      fn_typ: { value: string; count: number }[];
    }>();
    expect(body.approximate).toBe(true);
    const total = body.fn_typ.reduce((sum, value) => sum + value.count, 0);
    expect(total).toBeGreaterThan(count / 2);
    await broadApp.close();
  });
});

/**
 * The first `count` pages of the search of `q` (and the further parameters of `filters`): each
 * page's media and its total's headers.
 */
async function searchPages(
  app: Awaited<ReturnType<typeof buildApp>>,
  q: string,
  count: number,
  filters = '',
): Promise<{ identifiers: string[]; total: string; approximate: string }[]> {
  const pages = [];
  for (let page = 0; page < count; page += 1) {
    const response = await app.inject({
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent(q)}&p=${String(page)}${filters}`,
    });
    const approximate = String(response.headers['x-total-count-approximate']);
    pages.push({
      identifiers: response.json<CatalogueItem[]>().map((item) => item.identifier),
      total: `${String(response.headers['x-total-count'])} ${approximate}`,
      approximate,
    });
  }
  return pages;
}

/** What `use` finds in an app whose search ranks every match up to `exactSearchLimit` expected. */
async function withExactSearchLimit<T>(
  db: Database,
  exactSearchLimit: number,
  use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  return withSearchTuning(db, { ...DEFAULT_SEARCH_TUNING, exactSearchLimit }, use);
}

/** What `use` finds in an app whose search is tuned by `searchTuning`; the app closed after. */
async function withSearchTuning<T>(
  db: Database,
  searchTuning: typeof DEFAULT_SEARCH_TUNING,
  use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const app = await buildApp({ db, searchTuning });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

describe.each(databaseKinds)('a widened word between the limits on %s', (kind) => {
  // 'Teilung' is a word of its own in half of the media (in the title of A, the short text of
  // B) and part of the compound 'Zellteilung' in the other half (C, D): the whole word ranks
  // above the compound, a title match above the same without.
  const count = 200;
  const variants = [
    { fn_titel: 'Teilung der Zelle', fn_kurztext: 'Biologie' },
    { fn_titel: 'Unterricht', fn_kurztext: 'Die Teilung im Unterricht' },
    { fn_titel: 'Zellteilung', fn_kurztext: 'Biologie' },
    { fn_titel: 'Unterricht', fn_kurztext: 'Zellteilung im Unterricht' },
  ];
  const records = Array.from({ length: count }, (_, i) => {
    const { fn_titel, fn_kurztext } = variants[i % variants.length] ?? {
      fn_titel: '',
      fn_kurztext: '',
    };
    return mediumRecord({
      fn_nr: `T${i}`,
      fn_titel: `${fn_titel} ${i}`,
      fn_kurztext,
      stars: (i * 37) % count,
    });
  });
  const context = useCatalogueApp(kind, records);

  it('ranks the title and whole-word matches beside the popular ones: the pages of ranking every match', async () => {
    const pages = (app: typeof context.app) => searchPages(app, 'Teilung', 4);
    const exact = await pages(context.app);
    expect(exact.every((page) => page.approximate === 'false')).toBe(true);
    expect(exact.flatMap((page) => page.identifiers)).toHaveLength(4 * SEARCH_PAGE_SIZE);
    // Between an eighth of the limit and the limit: the title matches, the popular matches and
    // the popular whole-word matches the page needs.
    const titled = await withExactSearchLimit(context.database.db, 400, pages);
    expect(titled.map((page) => page.identifiers)).toEqual(exact.map((page) => page.identifiers));
    expect(titled[0]?.approximate).toBe('true');
  });
});

describe.each(databaseKinds)('a widened word whose whole word is rare on %s', (kind) => {
  // 'Teilung' is a word of its own in two media only (the title of one, the short text of the
  // other); the others hold the compound 'Zellteilung', in their title (a quarter) or text.
  const count = 200;
  const records = Array.from({ length: count }, (_, i) => {
    const own = i === 10 || i === 11;
    const titled = i % 4 === 0;
    return mediumRecord({
      fn_nr: `R${i}`,
      fn_titel: `${i === 10 ? 'Teilung der Zelle' : titled ? 'Zellteilung' : 'Unterricht'} ${i}`,
      fn_kurztext:
        i === 11 ? 'Die Teilung im Unterricht' : own || titled ? 'Biologie' : 'Zellteilung',
      stars: (i * 37) % count,
    });
  });
  const context = useCatalogueApp(kind, records);

  it('collects the whole-word matches with the title matches: the pages of ranking every match', async () => {
    const pages = (app: typeof context.app) => searchPages(app, 'Teilung', 4);
    const exact = await pages(context.app);
    expect(exact.map((page) => page.total)).toEqual(Array(4).fill(`${String(count)} false`));
    // Between an eighth of this limit and the limit: two whole-word matches are too few to be
    // found among the popular ones, so they are collected beside the title matches and the page's
    // most popular matches (the total is the estimate), where every match was ranked before.
    const collected = await withExactSearchLimit(context.database.db, 400, pages);
    expect(collected.map((page) => page.identifiers)).toEqual(
      exact.map((page) => page.identifiers),
    );
    expect(collected.map((page) => page.approximate)).toEqual(Array(4).fill('true'));
  });
});

describe.each(databaseKinds)('whole words among many compounds on %s', (kind) => {
  // 'Gestein' is a word of its own in a quarter of the media (in the title or the short text)
  // and part of a compound in the titles of the others, which rank below every whole-word match.
  const count = 200;
  const titleOf = (i: number) => {
    switch (i % 8) {
      case 0:
        return 'Gestein';
      case 1:
        return 'Unterricht'; // the whole word in its short text
      default:
        return i % 2 === 0 ? 'Vulkangestein' : 'Sedimentgestein';
    }
  };
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `G${i}`,
      fn_titel: `${titleOf(i)} ${i}`,
      fn_kurztext: i % 8 === 1 ? 'Gestein im Unterricht' : 'Im Unterricht',
      fn_geb: '080',
      stars: (i * 37) % count,
    }),
  );
  const context = useCatalogueApp(kind, records);

  it('ranks only the whole-word matches while they fill the page: the pages of ranking every match', async () => {
    const pages = (app: typeof context.app) => searchPages(app, 'Gestein', 3);
    const exact = await pages(context.app);
    expect(exact.map((page) => page.approximate)).toEqual(['false', 'false', 'false']);
    // Between an eighth of this limit and the limit, with more title matches than are collected
    // (4 per candidate: 96) and too few whole-word matches among the popular ones to find them
    // there: the 50 whole-word matches fill two pages, ranked alone, with the estimate as the
    // total; the third page ranks every match.
    const wholeFirst = await withSearchTuning(
      context.database.db,
      { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 400, broadCandidates: SEARCH_PAGE_SIZE },
      pages,
    );
    expect(wholeFirst.map((page) => page.identifiers)).toEqual(
      exact.map((page) => page.identifiers),
    );
    expect(wholeFirst.map((page) => page.approximate)).toEqual(['true', 'true', 'false']);
  });
});

describe.each(databaseKinds)('a frequent word narrowed by a filter on %s', (kind) => {
  // 'Vulkan' is in the short text of all 400 media and in the title of every tenth; half of
  // the media are for the fifth grade.
  const count = 400;
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `V${i}`,
      fn_titel: i % 10 === 0 ? `Vulkan ${i}` : `Film ${i}`,
      fn_kurztext: 'Vulkan im Unterricht',
      fn_adressat: i % 2 === 0 ? 'A(5)' : 'A(9)',
      stars: (i * 37) % count,
    }),
  );
  const context = useCatalogueApp(kind, records);

  it('ranks its title matches among the filter beside the popular ones: the pages of ranking every match', async () => {
    const pages = (app: typeof context.app) =>
      searchPages(app, 'Vulkan', 2, '&filter_fn_adressat=A(5)');
    const exact = await pages(context.app);
    expect(exact.map((page) => page.total)).toEqual(['200 false', '200 false']);
    // The word's 400 matches are more than this limit, the 200 of the filter fewer: its 20 title
    // matches among them are collected beside the page's most popular matches (the total is the
    // estimate), where every match was ranked before.
    const titled = await withExactSearchLimit(context.database.db, 300, pages);
    expect(titled.map((page) => page.identifiers)).toEqual(exact.map((page) => page.identifiers));
    expect(titled.map((page) => page.approximate)).toEqual(['true', 'true']);
  });

  it('ranks the title matches alone while they fill the page, when more than are collected: the pages of ranking every match', async () => {
    const pages = (app: typeof context.app) => searchPages(app, 'Vulkan', 2);
    const exact = await pages(context.app);
    expect(exact.map((page) => page.total)).toEqual(['400 false', '400 false']);
    // The 400 matches lie between an eighth of this limit and the limit; the 40 title matches
    // are more than the 24 collected beside 6 candidates: ranked alone, they fill the first page
    // (the estimate as its total), not the second, which ranks every match.
    const titled = await withSearchTuning(
      context.database.db,
      { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 500, broadCandidates: 6 },
      pages,
    );
    expect(titled.map((page) => page.identifiers)).toEqual(exact.map((page) => page.identifiers));
    expect(titled.map((page) => page.approximate)).toEqual(['true', 'false']);
  });
});

describe.each(databaseKinds)('a few matches among many media on %s', (kind) => {
  // 'Seltenheit' is in the short text of 30 of 400 media (every tenth of them in its title too),
  // 'Unterricht' in every one.
  const count = 400;
  const rare = 30;
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `S${i}`,
      fn_titel: i < rare && i % 10 === 0 ? `Seltenheit ${i}` : `Film ${i}`,
      fn_kurztext: i < rare ? 'Seltenheit im Unterricht' : 'Im Unterricht',
      stars: (i * 37) % count,
    }),
  );
  const context = useCatalogueApp(kind, records);

  it('ranks every match when a slice of the most popular media would be too wide to pay', async () => {
    const pages = (app: typeof context.app) => searchPages(app, 'Seltenheit Unterricht', 2);
    const exact = await pages(context.app);
    expect(exact.map((page) => page.total)).toEqual([
      `${String(rare)} false`,
      `${String(rare)} false`,
    ]);
    expect(exact.flatMap((page) => page.identifiers)).toHaveLength(rare);
    // 30 expected matches lie between an eighth of this limit and the limit, where the title
    // matches are ranked beside the page's most popular matches; but a slice that should hold
    // twice the page's 24 would be 1,280 media wide, more than 8 per expected match: every match
    // is ranked, with its true total, as without the lower limit.
    const titled = await withExactSearchLimit(context.database.db, 200, pages);
    expect(titled).toEqual(exact);
  });
});

describe.each(databaseKinds)('phrases of frequent words on %s', (kind) => {
  // Every medium has 'Wald', 'Wiese' and 'Sommer' in its short text, the words 'Wald und Wiese'
  // together; every third has them in its title too. Only the five least popular have 'Sommer
  // Wald' in their title. Popularity grows with the number.
  const count = 90;
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `P${i}`,
      fn_titel: i < 5 ? `Sommer Wald ${i}` : i % 3 === 0 ? `Wald und Wiese ${i}` : `Heft ${i}`,
      fn_kurztext: 'Im Sommer durch Wald und Wiese',
      stars: i,
    }),
  );
  const context = useCatalogueApp(kind, records);
  const tuning = { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 10, broadCandidates: 24 };
  const identifiers = (numbers: number[]) => numbers.map((i) => `TESTPOOL-P${String(i)}`);

  it('ranks the most popular matches of a dense phrase, found among the most popular media', async () => {
    await withSearchTuning(context.database.db, tuning, async (app) => {
      const pages = await searchPages(app, '"Wald und Wiese"', 2);
      // The 24 most popular (89 to 66), their title matches first, then the next by popularity.
      const popular = Array.from({ length: 24 }, (_, i) => 89 - i);
      expect(pages[0]?.identifiers).toEqual(
        identifiers([...popular.filter((i) => i % 3 === 0), ...popular.filter((i) => i % 3 !== 0)]),
      );
      expect(pages[1]?.identifiers).toEqual(
        identifiers(Array.from({ length: 24 }, (_, i) => 65 - i)),
      );
      expect(pages.map((page) => page.approximate)).toEqual(['true', 'true']);
      const total = Number(pages[0]?.total.split(' ')[0]);
      expect(total).toBeGreaterThanOrEqual(24);
      expect(total).toBeLessThanOrEqual(count * 2);
    });
  });

  it('ranks the matches among the walked media when fewer than the candidates, then the others by popularity', async () => {
    // The walk looks at the 30 most popular media (a third of the 90 with the words): 30
    // candidates where 48 are ranked at most.
    await withSearchTuning(context.database.db, { ...tuning, broadCandidates: 48 }, async (app) => {
      const pages = await searchPages(app, '"Wald und Wiese"', 3);
      const walkedMedia = Array.from({ length: 30 }, (_, i) => 89 - i);
      const ranked = [
        ...walkedMedia.filter((i) => i % 3 === 0),
        ...walkedMedia.filter((i) => i % 3 !== 0),
      ];
      const byPopularity = Array.from({ length: 42 }, (_, i) => 59 - i);
      expect(pages.map((page) => page.identifiers)).toEqual([
        identifiers(ranked.slice(0, 24)),
        identifiers([...ranked.slice(24), ...byPopularity.slice(0, 18)]),
        identifiers(byPopularity.slice(18, 42)),
      ]);
      expect(pages.map((page) => page.approximate)).toEqual(['true', 'true', 'true']);
    });
  });

  it('ranks every match of a rare phrase of frequent words, with its true total', async () => {
    await withSearchTuning(context.database.db, tuning, async (app) => {
      const pages = await searchPages(app, '"Sommer Wald"', 1);
      expect(pages[0]?.identifiers).toEqual(identifiers([4, 3, 2, 1, 0]));
      expect(pages[0]?.total).toBe('5 false');
    });
  });
});

describe.each(databaseKinds)('a phrase missing from the most popular media on %s', (kind) => {
  // Every medium has 'Wiese' and 'Sommer' in its short text, apart; 27 of the third of the media
  // a phrase's walk would look at (the 30 most popular) have 'Wiese Sommer' in their subtitle,
  // the three most popular not. Popularity grows with the number.
  const count = 90;
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `R${i}`,
      fn_titel: `Heft ${i}`,
      fn_utitel: i >= 60 && i < 87 ? 'Wiese Sommer' : '',
      fn_kurztext: 'Im Sommer durch Wald und Wiese',
      stars: i,
    }),
  );
  const context = useCatalogueApp(kind, records);
  const tuning = { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 10, broadCandidates: 24 };

  it('ranks every match at once when the walk finds it in none of the most popular tenth', async () => {
    // The whole walk would have found 27 and ranked them with an estimated total; a walk along
    // the most popular tenth found none, so every match is ranked, with the true total.
    await withSearchTuning(context.database.db, tuning, async (app) => {
      const [first, second] = await searchPages(app, '"Wiese Sommer"', 2);
      expect(first?.identifiers).toEqual(
        Array.from({ length: 24 }, (_, i) => `TESTPOOL-R${String(86 - i)}`),
      );
      expect(first?.total).toBe('27 false');
      expect(second?.identifiers).toEqual(['TESTPOOL-R62', 'TESTPOOL-R61', 'TESTPOOL-R60']);
    });
  });
});
