import type { CatalogueItem } from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { CatalogueRepository } from '../src/modules/catalogue/catalogue.repository.ts';
import { afterMediaImport, importMedia } from '../src/modules/catalogue/media-import.ts';
import {
  CatalogueService,
  DEFAULT_SEARCH_TUNING,
} from '../src/modules/catalogue/catalogue.service.ts';
import { searchConditions } from '../src/modules/catalogue/search-filters.ts';
import { queryWords, searchTsQuery, stemmedWords } from '../src/modules/catalogue/search-text.ts';
import { expectedMatches, expectedShare } from '../src/modules/catalogue/text-estimate.ts';
import {
  correctableEdits,
  editDistance,
  similarity,
  Vocabulary,
} from '../src/modules/catalogue/vocabulary.ts';
import { mediumRecord } from './support/factories.ts';
import { useCatalogueApp } from './support/catalogue-app.ts';
import { databaseKinds } from './support/test-database.ts';

const fixtures = [
  mediumRecord({
    fn_nr: 'TEI1',
    fn_titel: 'Bruchrechnung',
    // The word only in the short text, which does not count for the rank: still above compounds.
    fn_kurztext: 'Teilung Schritt für Schritt.',
    fn_geb: '380',
  }),
  mediumRecord({
    fn_nr: 'ZEL1',
    fn_titel: 'Zellteilung: Mitose und Meiose',
    fn_kurztext: 'Wie aus einer Zelle zwei werden.',
    fn_geb: '080',
    fn_schlag: 'Zellbiologie',
  }),
  mediumRecord({
    fn_nr: 'BLU1',
    fn_titel: 'Der Blutkreislauf des Menschen',
    fn_kurztext: 'Herz, Adern und Blut.',
    fn_geb: '080',
  }),
  mediumRecord({
    fn_nr: 'STR1',
    fn_titel: 'Einfache Stromkreise',
    fn_kurztext: 'Batterie, Schalter und Lampe.',
    fn_geb: '460',
  }),
  mediumRecord({
    fn_nr: 'KER1',
    fn_titel: 'Der Kern der Zelle',
    fn_kurztext: 'Was im Innern steckt.',
    fn_geb: '080',
  }),
  mediumRecord({
    fn_nr: 'REL1',
    fn_titel: 'Weltreligionen im Vergleich',
    fn_kurztext: 'Christentum, Islam, Judentum.',
    fn_geb: '520',
  }),
  mediumRecord({
    fn_nr: 'RHE1',
    fn_titel: 'Der Rhein',
    // The word only in the subtitle, in its plural with an umlaut.
    fn_utitel: 'Schiffe auf großen Flüssen',
    fn_kurztext: 'Vom Bodensee bis zur Nordsee.',
  }),
  mediumRecord({
    fn_nr: 'WK2',
    fn_titel: 'Der Zweite Weltkrieg',
    fn_kurztext: 'Vom Überfall auf Polen bis zur Kapitulation.',
    fn_geb: '240020413',
  }),
  mediumRecord({
    fn_nr: 'NSZ1',
    fn_titel: 'Propaganda im Alltag',
    fn_kurztext: 'Plakate, Radio und Jugendgruppen 1933 bis 1939.',
    fn_geb: '240020412',
  }),
  mediumRecord({
    fn_nr: 'KIN1',
    fn_titel: 'Künstliche Intelligenz',
    fn_kurztext: 'Was KI kann und was nicht.',
  }),
  mediumRecord({
    fn_nr: 'KIN2',
    fn_titel: 'Kinderrechte',
    fn_kurztext: 'Was allen Kindern zusteht.',
  }),
  mediumRecord({
    fn_nr: 'GEO1',
    fn_titel: 'Die Alpen',
    fn_kurztext: 'Ein Gebirge im Herzen Europas.',
    fn_geb: '220',
  }),
];

const titles = (items: CatalogueItem[]) => items.map((item) => item.fn_titel).sort();

describe.each(databaseKinds)('search words on %s', (kind) => {
  const context = useCatalogueApp(kind, fixtures);

  const respond = async (q: string) => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const search = async (q: string) => (await respond(q)).json<CatalogueItem[]>();

  it('finds school words as their subject areas', async () => {
    expect(titles(await search('Mathe.'))).toEqual(['Bruchrechnung']);
    expect(titles(await search('Reli.'))).toEqual(['Weltreligionen im Vergleich']);
    expect(titles(await search('Erdkunde.'))).toEqual(['Die Alpen']);
    expect(titles(await search('Geo.'))).toEqual(['Die Alpen']);
    expect(titles(await search('Physik.'))).toEqual(['Einfache Stromkreise']);
  });

  it('takes a school word as known: no correction suggested for it', async () => {
    for (const query of ['Mathe.', 'Reli Vergleich.', 'Erdkunde Alpen.']) {
      const response = await respond(query);
      expect(response.json<CatalogueItem[]>().length, query).toBe(1);
      expect(response.headers['x-search-suggestion'], query).toBeUndefined();
      expect(response.headers['x-search-corrected'], query).toBeUndefined();
    }
  });

  it('reads a number as its ordinal too, and the short forms of topics as their subject areas', async () => {
    // As teachers write it, with the number, after it, or in words: no correction, no partial.
    for (const query of ['2. Weltkrieg', 'Weltkrieg 2', 'Zweiter Weltkrieg']) {
      const response = await respond(query);
      expect(titles(response.json<CatalogueItem[]>()), query).toEqual(['Der Zweite Weltkrieg']);
      expect(response.headers['x-search-partial'], query).toBeUndefined();
      expect(response.headers['x-search-corrected'], query).toBeUndefined();
      expect(response.headers['x-search-suggestion'], query).toBeUndefined();
    }
    expect(titles(await search('NS'))).toEqual(['Propaganda im Alltag']);
    expect(titles(await search('NS Propaganda'))).toEqual(['Propaganda im Alltag']);
  });

  it('ranks the media with the rarer words first when none has all of them', async () => {
    // 'Zelle' is in four media, 'Weltkrieg' in one: its medium first, the others after it.
    for (const query of ['Zelle Weltkrieg', 'Weltkrieg Zelle']) {
      const response = await respond(query);
      expect(response.headers['x-search-partial'], query).toBe('true');
      const found = response.json<CatalogueItem[]>().map((item) => item.fn_titel);
      expect(found[0], query).toBe('Der Zweite Weltkrieg');
      expect(found.length, query).toBeGreaterThan(2);
    }
  });

  it('offers no completion of a word the texts have as a word of its own', async () => {
    // 'KI' is in a text only, no title or keyword: no unfinished 'Kinderrechte'.
    const response = await respond('KI');
    expect(titles(response.json<CatalogueItem[]>())).toContain('Künstliche Intelligenz');
    expect(response.headers['x-search-suggestion']).toBeUndefined();
    // A word the catalogue has nowhere is still completed.
    expect((await respond('Kinderr')).headers['x-search-suggestion']).toBe('Kinderrechte');
  });

  it('finds subject areas by their names', async () => {
    expect(titles(await search('Geographie.'))).toEqual(['Die Alpen']);
    expect(titles(await search('Religion.'))).toEqual(['Weltreligionen im Vergleich']);
  });

  it('finds a word as part of compounds', async () => {
    expect(titles(await search('Teilung.'))).toEqual([
      'Bruchrechnung',
      'Zellteilung: Mitose und Meiose',
    ]);
    expect(titles(await search('Kreislauf.'))).toEqual(['Der Blutkreislauf des Menschen']);
    expect(titles(await search('Strom.'))).toEqual(['Einfache Stromkreise']);
  });

  it('takes a word found only in compounds as a word: no correction suggested for it', async () => {
    // 'Kreislauf' and 'Strom' are in no medium on their own, only in 'Blutkreislauf' and
    // 'Stromkreise': a teacher who searched them found what they meant.
    for (const query of ['Kreislauf.', 'Strom.', 'Kreislauf Menschen.']) {
      const response = await respond(query);
      expect(response.json<CatalogueItem[]>().length, query).toBe(1);
      expect(response.headers['x-search-suggestion'], query).toBeUndefined();
    }
    // Nor is it corrected when no medium has every word: the media with most words follow.
    const response = await respond('Kreislauf Alpen');
    expect(titles(response.json<CatalogueItem[]>())).toEqual([
      'Der Blutkreislauf des Menschen',
      'Die Alpen',
    ]);
    expect(response.headers['x-search-partial']).toBe('true');
    expect(response.headers['x-search-corrected']).toBeUndefined();
  });

  it('spells a corrected word as a title or subtitle spells it, plurals with umlauts too', async () => {
    const response = await respond('Flüsen');
    expect(titles(response.json<CatalogueItem[]>())).toEqual(['Der Rhein']);
    expect(decodeURIComponent(String(response.headers['x-search-corrected']))).toBe('Flüssen');
  });

  it('ranks whole words above compounds', async () => {
    const items = await search('Teilung.');
    expect(items.map((item) => item.fn_titel)).toEqual([
      'Bruchrechnung',
      'Zellteilung: Mitose und Meiose',
    ]);
  });

  it('ranks alike whether every match is ranked or only the most popular candidates', async () => {
    const repository = new CatalogueRepository(context.database.db);
    const expansions = await new CatalogueService(repository).wordExpansions(['teilung']);
    const tsQuery = searchTsQuery('Teilung', expansions);
    const whole = searchTsQuery('Teilung');
    if (tsQuery === undefined || whole === undefined) {
      throw new Error('no tsquery for a word');
    }
    const { where } = searchConditions({}, tsQuery);
    const page = { offset: 0, limit: 10 };
    const ranked = await repository.searchRanked(where, tsQuery, [whole], page);
    const bounded = await repository.searchBounded(where, tsQuery, [whole], page, {
      candidates: 10,
      order: 'sort',
    });
    const titlesFound = ['Bruchrechnung', 'Zellteilung: Mitose und Meiose'];
    expect(ranked.rows.map((row) => row.fn_titel)).toEqual(titlesFound);
    expect(bounded.rows.map((row) => row.fn_titel)).toEqual(titlesFound);
  });

  it('reads each match once, its whole-word bonus from its own search vector', async () => {
    // The vector is in the row (migration 0023): reading the whole-word matches from the index
    // as well read their rows twice (at a million media 7,057 matches: 34 → 23 ms).
    const statements: SQL[] = [];
    const db = context.database.db;
    const watched = new Proxy(db, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? (query: SQL) => {
              statements.push(query);
              return target.execute(query);
            }
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const repository = new CatalogueRepository(watched);
    const tsQuery = searchTsQuery(
      'Teilung',
      await new CatalogueService(repository).wordExpansions(['teilung']),
    );
    const whole = searchTsQuery('Teilung');
    if (tsQuery === undefined || whole === undefined) {
      throw new Error('no tsquery for a word');
    }
    const { where } = searchConditions({}, tsQuery);
    statements.length = 0;
    await repository.searchRanked(where, tsQuery, [whole], { offset: 0, limit: 10 });
    const [ranked] = statements;
    if (ranked === undefined) {
      throw new Error('searchRanked ran no statement');
    }
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${ranked}`,
    );
    const plan = row?.['QUERY PLAN'];
    const nodes = planNodes(typeof plan === 'string' ? JSON.parse(plan) : plan);
    // The matches, and the rows of the page joined by id.
    expect(nodes.filter((node) => node['Relation Name'] === 'media')).toHaveLength(2);
    expect(nodes.map((node) => node['Node Type'])).not.toContain('CTE Scan');
  });

  it('matches each alternative of a widened word by the index on its own, finding the same media', async () => {
    // GIN and RUM check every entry of an OR of many lexemes against all of them: a word with 32
    // compounds and completions took 21 ms from the RUM index at a million media, 4 ms so.
    const db = context.database.db;
    const repository = new CatalogueRepository(db);
    const tsQuery = searchTsQuery(
      'Teilung',
      await new CatalogueService(repository).wordExpansions(['teilung']),
    );
    if (tsQuery === undefined) {
      throw new Error('no tsquery for a word');
    }
    const { where, whereToEstimate } = searchConditions({}, tsQuery);
    const numbers = async (condition: SQL) =>
      (
        await queryRows<{ fn_nr: string }>(
          db,
          sql`SELECT m.fn_nr FROM media m WHERE ${condition} ORDER BY m.fn_nr`,
        )
      ).map((row) => row.fn_nr);
    expect(await numbers(where)).toEqual(['TEI1', 'ZEL1']);
    expect(await numbers(whereToEstimate)).toEqual(['TEI1', 'ZEL1']);
    const [row] = await db.transaction(async (tx) => {
      // A handful of media: the planner would read the table or the published ones.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      return queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`EXPLAIN (FORMAT JSON) SELECT m.id FROM media m
            WHERE ${tsQuery.matchedBy(sql`m.search_vector`)}`,
      );
    });
    const plan = row?.['QUERY PLAN'];
    const nodes = planNodes(typeof plan === 'string' ? JSON.parse(plan) : plan);
    const either = nodes.find((node) => node['Node Type'] === 'BitmapOr');
    expect(either?.Plans?.map((node) => node['Node Type'])).toEqual([
      'Bitmap Index Scan',
      'Bitmap Index Scan',
    ]);
  });

  it('finds a compound by its parts', async () => {
    expect(titles(await search('Zellkern.'))).toEqual(['Der Kern der Zelle']);
  });

  it('corrects in memory as pg_trgm would: the same similarity, the same word', async () => {
    const repository = new CatalogueRepository(context.database.db);
    const vocabulary = new Vocabulary(await repository.vocabularyWords());
    expect(vocabulary.size).toBeGreaterThan(10);
    const typos = [
      'zelteilung',
      'zelteil',
      'blutkreislaf',
      'stromkreiz',
      'religon',
      'alpn',
      'kernn',
    ];
    for (const typo of typos) {
      // pg_trgm's order; the first word a typing error can be (correctableEdits).
      const similar = await queryRows<{ word: string }>(
        context.database.db,
        sql`SELECT w.word FROM search_words w WHERE w.word % ${typo}
            ORDER BY similarity(w.word, ${typo}) DESC, w.ndoc DESC, w.word`,
      );
      const expected = similar.find(
        ({ word }) => editDistance(word, typo) <= correctableEdits(typo),
      );
      expect(vocabulary.mostSimilar(typo), typo).toBe(expected?.word);
      const [pair] = await queryRows<{ similarity: number }>(
        context.database.db,
        sql`SELECT similarity(${typo}, 'zellteil') AS similarity`,
      );
      // PostgreSQL sends the real rounded to its shortest text.
      expect(similarity(typo, 'zellteil'), typo).toBe(Math.fround(pair?.similarity ?? NaN));
    }
    // The stem of a typing error is corrected; the whole word is four edits from that stem.
    expect(vocabulary.mostSimilar('zelteil')).toBe('zellteil');
    expect(vocabulary.mostSimilar('zelteilung')).toBeUndefined();
  });

  it('corrects with the words of the vocabulary as rebuilt last', async () => {
    // The vocabulary's version is read as often as the catalogue's (within a second by default):
    // here at every search.
    const app = await buildApp({
      db: context.database.db,
      searchCache: { entries: 0, versionCheckMs: 0 },
    });
    try {
      // Not in the catalogue yet: the vocabulary (loaded for this correction) has nothing like it.
      const before = await app.inject({ url: '/api/v1/media/catalogue/search?q=Islnd.' });
      expect(before.headers['x-search-corrected']).toBeUndefined();
      // A medium of no subject area, with words no other test searches for.
      await importMedia(context.database.db, [
        mediumRecord({ fn_nr: 'ISL1', fn_titel: 'Vulkanausbrüche auf Island' }),
      ]);
      await afterMediaImport(context.database.db);
      const after = await app.inject({
        url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('Vulkanausbrüche Islnd.')}`,
      });
      expect(decodeURIComponent(String(after.headers['x-search-corrected']))).toBe(
        'Vulkanausbrüche Island.',
      );
    } finally {
      await app.close();
    }
  });

  it('estimates a text of the public catalogue as the planner does, without asking it, and finds the same', async () => {
    const estimates: SQL[] = [];
    class NotingRepository extends CatalogueRepository {
      override async estimateCount(where: SQL) {
        estimates.push(where);
        return super.estimateCount(where);
      }
    }
    const cacheOff = { entries: 0, versionCheckMs: 0 };
    const service = new CatalogueService(
      new NotingRepository(context.database.db),
      undefined,
      cacheOff,
    );
    // The first search also estimates the whole catalogue (kept for a minute).
    await service.search({ q: 'Alpen' });
    estimates.length = 0;
    // 'Teilung' has the compound 'Zellteilung'; while typed, also its completions.
    const found = await service.search({ q: 'Teilung' });
    expect(found.items.map((item) => item.fn_titel).sort()).toEqual([
      'Bruchrechnung',
      'Zellteilung: Mitose und Meiose',
    ]);
    expect(estimates).toHaveLength(0);
    // With a filter the planner is asked for the query's own estimate; the word's is worked out.
    await service.search({ q: 'Teilung', filter_fn_geb: ['080'] });
    expect(estimates).toHaveLength(1);
    // Every word broad: the word alone is estimated too, and its compounds are left out.
    const broad = new CatalogueService(
      new NotingRepository(context.database.db),
      { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 0 },
      cacheOff,
    );
    await broad.search({ q: 'Alpen' });
    estimates.length = 0;
    expect(titles((await broad.search({ q: 'Teilung' })).items)).toEqual(['Bruchrechnung']);
    expect(estimates).toHaveLength(0);
  });

  it('says which words the vocabulary holds, which need no correction', async () => {
    const repository = new CatalogueRepository(context.database.db);
    const expansions = await new CatalogueService(repository).wordExpansions([
      'zellteilung',
      'zellteilunk',
      'mitose',
    ]);
    expect(expansions.get('zellteilung')?.known).toBe(true);
    expect(expansions.get('mitose')?.known).toBe(true);
    expect(expansions.get('zellteilunk')?.known).toBe(false);
  });

  it('says in one statement which words the catalogue has, through the search index only', async () => {
    const db = context.database.db;
    const calls: string[] = [];
    const watched = new Proxy(db, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        return (property === 'execute' || property === 'transaction') && typeof value === 'function'
          ? (...args: unknown[]) => {
              calls.push(property);
              return (value as (...inner: unknown[]) => unknown).apply(target, args);
            }
          : value;
      },
    });
    const facts = await new CatalogueRepository(watched).wordStems(['mitose', 'kernn', 'der']);
    expect(facts.stems.map(({ raw, inCatalogue }) => [raw, inCatalogue])).toEqual([
      ['mitose', true],
      ['kernn', false],
    ]);
    // One round trip, where a transaction with its own settings took four.
    expect(calls).toEqual(['execute']);
    const [settings] = await queryRows<{ config: string[] }>(
      db,
      sql`SELECT proconfig AS config FROM pg_proc WHERE proname = 'mk_word_stems'`,
    );
    expect(settings?.config).toEqual(['enable_seqscan=off', 'enable_indexscan=off']);
  });

  it('searches a broad word without its compounds, which would rank below all its matches', async () => {
    // Every word is broad when the exact ranking stops at 0 expected matches.
    const broadApp = await buildApp({
      db: context.database.db,
      searchTuning: { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 0 },
    });
    try {
      const response = await broadApp.inject({
        url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('Teilung.')}`,
      });
      expect(titles(response.json<CatalogueItem[]>())).toEqual(['Bruchrechnung']);
    } finally {
      await broadApp.close();
    }
  });
});

describe.each(databaseKinds)('ranking the whole words on %s', (kind) => {
  const context = useCatalogueApp(kind, [
    mediumRecord({ fn_nr: 'TEI2', fn_titel: 'Teilung der Zellen', fn_geb: '080' }),
    mediumRecord({
      fn_nr: 'TEI3',
      fn_titel: 'Teilung der Zellen: die Zellteilung',
      fn_geb: '080',
    }),
  ]);

  it('ranks the media with the words themselves by those words, not by the compounds beside them', async () => {
    // Cover density of a word with all its compounds cost 200 of 250 ms at a million media; the
    // media with the whole word are ranked by it alone, so the shorter title comes first.
    const response = await context.app.inject({
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent('Teilung')}`,
    });
    expect(response.json<CatalogueItem[]>().map((item) => item.fn_titel)).toEqual([
      'Teilung der Zellen',
      'Teilung der Zellen: die Zellteilung',
    ]);
  });
});

describe.each(databaseKinds)('more matched words first, whatever the density on %s', (kind) => {
  // Cover density exceeds 1 where a short title repeats a word (three times: 2.16); beside the
  // whole-number bonus it must stay below 1, or the repeated title outranks more words.
  const context = useCatalogueApp(kind, [
    mediumRecord({
      fn_nr: 'TEI4',
      fn_titel: 'Bruchrechnung',
      fn_kurztext: 'Teilung in gleiche Teile.',
      fn_geb: '380',
    }),
    mediumRecord({
      fn_nr: 'ZEL4',
      fn_titel: 'Zellteilung, Zellteilung, Zellteilung',
      fn_geb: '080',
    }),
    mediumRecord({
      fn_nr: 'NAT1',
      fn_titel: 'Naturgewalten',
      fn_kurztext: 'Vulkan und Gletscher.',
      fn_geb: '220',
    }),
    mediumRecord({ fn_nr: 'WUE1', fn_titel: 'Wüste, Wüste, Wüste', fn_geb: '220' }),
  ]);

  const search = async (q: string) => {
    const response = await context.app.inject({
      url: `/api/v1/media/catalogue/search?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode).toBe(200);
    return {
      titles: response.json<CatalogueItem[]>().map((item) => item.fn_titel),
      partial: response.headers['x-search-partial'],
    };
  };

  it('ranks a whole word in a text above a compound repeated in a title', async () => {
    expect((await search('Teilung')).titles).toEqual([
      'Bruchrechnung',
      'Zellteilung, Zellteilung, Zellteilung',
    ]);
  });

  it('ranks two of the words above one repeated in a title', async () => {
    expect(await search('Vulkan Gletscher Wüste')).toEqual({
      titles: ['Naturgewalten', 'Wüste, Wüste, Wüste'],
      partial: 'true',
    });
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of an EXPLAIN (FORMAT JSON) answer. */
function planNodes(explained: unknown): PlanNode[] {
  const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];
  return (explained as { Plan: PlanNode }[]).flatMap((entry) => walk(entry.Plan));
}

describe.each(databaseKinds)('a widened word beside a frequent one on %s', (kind) => {
  // 'Schule' is in the short text of nine media in ten; 'Teilung' is a title word of its own in
  // a sixth of them and part of four compounds in four more: two alternatives beside the word
  // itself (three compounds in one, LEXEMES_PER_ALTERNATIVE, and the fourth).
  const count = 240;
  const titles = [
    'Teilung',
    'Zellteilung',
    'Kernteilung',
    'Arbeitsteilung',
    'Gewaltenteilung',
    'Unterricht',
  ];
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `W${String(i)}`,
      fn_titel: `${titles[i % titles.length] ?? ''} ${String(i)}`,
      fn_kurztext: i % 10 === 0 ? 'Biologie' : 'Biologie in der Schule',
      stars: (i * 37) % count,
    }),
  );
  const context = useCatalogueApp(kind, records);

  /**
   * A service whose repository notes the conditions of its rankings, rendered; `unanalysed`:
   * as if the planner had no statistics of the search vectors.
   */
  function notingService(unanalysed = false) {
    const ranked: string[] = [];
    class NotingRepository extends CatalogueRepository {
      override async searchRanked(...args: Parameters<CatalogueRepository['searchRanked']>) {
        ranked.push(new PgDialect().sqlToQuery(args[0]).sql);
        return super.searchRanked(...args);
      }
      override async searchVectorStatistics() {
        return unanalysed ? undefined : super.searchVectorStatistics();
      }
    }
    const service = new CatalogueService(new NotingRepository(context.database.db), undefined, {
      entries: 0,
      versionCheckMs: 0,
    });
    return { service, ranked };
  }

  it('is matched as one tsquery, finding what its alternatives apart find', async () => {
    const together = notingService();
    const found = await together.service.search({ q: 'Teilung Schule' });
    // The frequent word beside the widened one: one `@@` of one tsquery.
    expect(together.ranked).toHaveLength(1);
    expect(together.ranked[0]?.match(/@@/g)).toHaveLength(1);
    const expected = records.filter((_, i) => i % titles.length < 5 && i % 10 !== 0).length;
    expect(found.total).toBe(expected);
    expect(found.approximate).toBe(false);
    // The planner's most common lexemes unknown, every lexeme is rare: the alternatives apart.
    const apart = notingService(true);
    const same = await apart.service.search({ q: 'Teilung Schule' });
    expect(apart.ranked[0]?.match(/@@/g)?.length).toBeGreaterThan(2);
    expect(same).toEqual(found);
  });
});

describe.each(databaseKinds)("the planner's estimate of a text on %s", (kind) => {
  const count = 300;
  const words = ['Teilung', 'Zellteilung', 'Schule', 'Biologie', 'Mathematik', 'Wald'];
  const records = Array.from({ length: count }, (_, i) =>
    mediumRecord({
      fn_nr: `E${String(i)}`,
      fn_titel: `${words[i % words.length] ?? ''} ${words[(i * 7) % 5] ?? ''} ${String(i)}`,
      fn_kurztext: i % 3 === 0 ? 'Biologie in der Schule' : `Heft ${String(i % 40)}`,
    }),
  );
  const context = useCatalogueApp(kind, records);

  it('is worked out as the planner works it out, for words, compounds, phrases and stop words', async () => {
    const repository = new CatalogueRepository(context.database.db);
    const statistics = await repository.searchVectorStatistics();
    expect(statistics?.shares.size).toBeGreaterThan(10);
    if (statistics === undefined) {
      return;
    }
    const published = await repository.estimateCount(searchConditions({}).where);
    const service = new CatalogueService(repository);
    for (const text of [
      'Schule',
      'Teilung',
      'Teilung Schule Biologie',
      'Mathe Wald',
      'und',
      'Wald und Schule',
      '"in der Schule" Heft',
      'Quarkspeise Biologie',
      'Schule 12',
    ]) {
      const expansions = await service.wordExpansions(queryWords(text));
      const tsQuery = searchTsQuery(text, expansions);
      if (tsQuery === undefined) {
        throw new Error(`no tsquery for ${text}`);
      }
      const { whereToEstimate } = searchConditions({}, tsQuery);
      const stems = await repository.stems(stemmedWords(tsQuery.parts));
      const share = expectedShare(
        tsQuery.parts,
        statistics,
        (word) => stems.get(word)?.lexemes ?? [],
      );
      const planned = await repository.estimateCount(whereToEstimate);
      // The planner multiplies the share of the catalogue's published media by the text's.
      expect(Math.abs(expectedMatches(share, published) - planned), text).toBeLessThanOrEqual(1);
    }
  });
});
