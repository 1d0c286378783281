import {
  CatalogueDistinctQuerySchema,
  CatalogueSearchQuerySchema,
  SEARCH_PAGE_SIZE,
} from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  CatalogueRepository,
  POPULAR_TIER_INDEX,
  type Page,
} from '../src/modules/catalogue/catalogue.repository.ts';
import {
  CatalogueService,
  DEFAULT_SEARCH_TUNING,
} from '../src/modules/catalogue/catalogue.service.ts';
import { afterMediaImport, importMedia } from '../src/modules/catalogue/media-import.ts';
import { maintainPopularTier, TIER_SHARE } from '../src/modules/catalogue/popular-tier.ts';
import { searchConditions } from '../src/modules/catalogue/search-filters.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

/** A repository that notes the options of each bounded search. */
class NotingRepository extends CatalogueRepository {
  readonly bounded: Parameters<CatalogueRepository['searchBounded']>[4][] = [];

  override async searchBounded(...args: Parameters<CatalogueRepository['searchBounded']>) {
    this.bounded.push(args[4]);
    return super.searchBounded(...args);
  }

  readonly sampled: Parameters<CatalogueRepository['facetCounts']>[2][] = [];

  /** With `emptyTier`, a tier that held none of the matches. */
  emptyTier = false;

  override async facetCounts(...args: Parameters<CatalogueRepository['facetCounts']>) {
    this.sampled.push(args[2]);
    if (this.emptyTier && args[2]?.minPopularity !== undefined) {
      return { counted: 0, values: [] };
    }
    return super.facetCounts(...args);
  }
}

describe.each(databaseKinds)('the popular tier of the search on %s', (kind) => {
  const count = 600;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(
      database.db,
      Array.from({ length: count }, (_, i) =>
        mediumRecord({
          fn_nr: `P${i}`,
          fn_titel: `Unterricht ${i}`,
          fn_kurztext:
            i % 10 === 0 ? 'Mit einem Tier im Wald.' : i % 2 === 0 ? 'Mit einem Tier.' : 'Ohne.',
          stars: i,
        }),
      ),
    );
    await afterMediaImport(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const published = async (floor: number) => {
    const [row] = await queryRows<{ share: number }>(
      database.db,
      sql`SELECT avg((popularity >= ${floor})::int)::float AS share FROM media
          WHERE fn_status = 'published'`,
    );
    return row?.share ?? 0;
  };

  /** The search of `q` with a broad query's path (every match is broad here). */
  const broadSearch = async (repository: CatalogueRepository, q: string, p = 0) => {
    const service = new CatalogueService(
      repository,
      { ...DEFAULT_SEARCH_TUNING, exactSearchLimit: 10, broadCandidates: SEARCH_PAGE_SIZE },
      { entries: 0, versionCheckMs: 0 },
    );
    const result = await service.search(CatalogueSearchQuerySchema.parse({ q, p: String(p) }));
    return result.items.map((item) => item.fn_titel);
  };

  it('is built after an import for about a tenth of the published media', async () => {
    const floor = await new CatalogueRepository(database.db).popularTierFloor();
    expect(floor).toBeDefined();
    const share = await published(floor ?? 0);
    expect(share).toBeGreaterThanOrEqual(TIER_SHARE.least);
    expect(share).toBeLessThanOrEqual(TIER_SHARE.most);
    expect(await maintainPopularTier(database.db)).toBe('kept');
    // The words' own index (RUM with popularity, else GIN), for the tier's media.
    const [tier] = await queryRows<{ definition: string }>(
      database.db,
      sql`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = ${POPULAR_TIER_INDEX}`,
    );
    const method = (definition: string | undefined) =>
      /USING .*?(?= WHERE |$)/.exec(definition ?? '')?.[0];
    const words = await new CatalogueRepository(database.db).wordIndexDefinition();
    expect(method(tier?.definition)).toBe(method(words));
    expect(method(words)).toMatch(/^USING (rum|gin) \(search_vector/);
  });

  it("keeps the pending list of every GIN index of the search short, the tier's too", async () => {
    // A scan reads the whole pending list, once for each alternative of a widened word: after
    // 10,000 changed media 261 pages per lexeme at 100,000 media (migration 0029).
    const indexes = await queryRows<{ name: string; options: string[] | null }>(
      database.db,
      sql`SELECT c.relname AS name, c.reloptions AS options
          FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
          WHERE i.indrelid = 'media'::regclass AND am.amname = 'gin'
          ORDER BY c.relname`,
    );
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['media_search_idx']),
    );
    for (const index of indexes) {
      expect(index.options, index.name).toEqual(['gin_pending_list_limit=256']);
    }
  });

  it('answers the most popular matches of a word from the tier, as the whole index does', async () => {
    const noting = new NotingRepository(database.db);
    const floor = await noting.popularTierFloor();
    const fromTier = await broadSearch(noting, 'Unterricht');
    expect(fromTier).toHaveLength(SEARCH_PAGE_SIZE);
    // The candidates are the most popular (most starred) media.
    expect(new Set(fromTier)).toEqual(
      new Set(Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => `Unterricht ${count - 1 - i}`)),
    );
    // With RUM its popularity order is read from the tier; without it the slice of the most
    // popular media lies above the tier's floor, where the planner reads the tier's GIN.
    expect(noting.bounded.length).toBeGreaterThan(0);
    for (const options of noting.bounded) {
      expect(options.minPopularity).toBeGreaterThanOrEqual(floor ?? Infinity);
    }
    // A deeper page needs more media than the tier holds: the whole index.
    const deep = await broadSearch(noting, 'Unterricht', 3);
    expect(deep).toHaveLength(SEARCH_PAGE_SIZE);

    await database.db.execute(sql.raw(`DROP INDEX ${POPULAR_TIER_INDEX}`));
    try {
      const whole = new NotingRepository(database.db);
      expect(await broadSearch(whole, 'Unterricht')).toEqual(fromTier);
      expect(await broadSearch(whole, 'Unterricht', 3)).toEqual(deep);
    } finally {
      expect(await maintainPopularTier(database.db)).toBe('built');
    }
  });

  it('sorts a slice below its floor in two parts where its index is RUM, with the same pages', async () => {
    const noting = new NotingRepository(database.db);
    const floor = await noting.popularTierFloor();
    // Both words in every tenth medium (60), of which the tier holds about six: the slice that
    // should hold the first page's matches reaches far below the floor.
    const pages = [
      await broadSearch(noting, 'Wald Unterricht'),
      await broadSearch(noting, 'Wald Unterricht', 1),
    ];
    const below = noting.bounded.filter(
      (options) => options.order === 'sort' && (options.minPopularity ?? Infinity) < (floor ?? 0),
    );
    expect(below.length).toBeGreaterThan(0);
    // Only where the tier's index is RUM (without it one part was faster).
    const rum = await noting.hasPopularTextIndex();
    for (const options of below) {
      expect(options.tier?.floor).toBe(rum ? floor : undefined);
    }
    expect(pages[0]).toHaveLength(SEARCH_PAGE_SIZE);
    expect(pages[0]?.every((title) => Number(title.split(' ')[1]) % 10 === 0)).toBe(true);
    // The same pages from one slice read whole.
    const whole = new (class extends CatalogueRepository {
      override async searchBounded(...args: Parameters<CatalogueRepository['searchBounded']>) {
        const { tier: _tier, ...options } = args[4];
        return super.searchBounded(args[0], args[1], args[2], args[3], options);
      }
    })(database.db);
    expect([
      await broadSearch(whole, 'Wald Unterricht'),
      await broadSearch(whole, 'Wald Unterricht', 1),
    ]).toEqual(pages);
  });

  it('reads the part of a slice below the tier only when the tier holds too few', async () => {
    const repository = new CatalogueRepository(database.db);
    const floor = (await repository.popularTierFloor()) ?? 0;
    const tsQuery = sql`to_tsquery('simple', 'tier')`;
    const { where } = searchConditions({}, tsQuery);
    // 'Tier' is in every second medium: about 30 of them in the tier, 300 in all.
    const inTier = await queryRows<{ count: number }>(
      database.db,
      sql`SELECT count(*)::int AS count FROM media m WHERE ${where} AND m.popularity >= ${floor}`,
    );
    const tierMatches = inTier[0]?.count ?? 0;
    expect(tierMatches).toBeGreaterThan(20);
    // The part below the tier fails on any row it reads.
    const failsBelow = sql`${where} AND m.id / (m.id - m.id) > 0`;
    const slice = (candidates: number, page: Page, below: 'fails' | 'read') =>
      repository.searchBounded(below === 'fails' ? failsBelow : where, tsQuery, [], page, {
        candidates,
        order: 'sort',
        minPopularity: 0,
        tier: { floor, where },
      });
    const whole = (candidates: number, page: Page) =>
      repository.searchBounded(where, tsQuery, [], page, {
        candidates,
        order: 'sort',
        minPopularity: 0,
      });
    const first = { offset: 0, limit: 10 };
    const later = { offset: 10, limit: 10 };
    for (const [candidates, page] of [
      [20, first],
      [10, later],
    ] as const) {
      expect(await slice(candidates, page, 'fails')).toEqual(await whole(candidates, page));
    }
    // More rows than the tier holds: the part below is read, with the same pages.
    const beyond = tierMatches + 5;
    await expect(slice(beyond, first, 'fails')).rejects.toThrow();
    expect(await slice(beyond, first, 'read')).toEqual(await whole(beyond, first));
    const deep = { offset: tierMatches, limit: 10 };
    expect(await slice(10, deep, 'read')).toEqual(await whole(10, deep));
  });

  /**
   * The facet counts of `q` sampled three at a time, then again with a tier that held none of its
   * matches; with the tier floors the samples were asked with (`minPopularity`).
   */
  const sampledFacets = async (q: string) => {
    const noting = new NotingRepository(database.db);
    const facets = () =>
      new CatalogueService(
        noting,
        { ...DEFAULT_SEARCH_TUNING, exactFacetLimit: 2, facetSampleSize: 3 },
        { entries: 0, versionCheckMs: 0 },
      ).distinct(CatalogueDistinctQuerySchema.parse({ q, f: ['fn_typ'] }));
    const floorsAsked = () => noting.sampled.map((sample) => sample?.minPopularity);
    const fromTier = await facets();
    const tierFloors = floorsAsked();
    noting.emptyTier = true;
    noting.sampled.length = 0;
    const fromIndex = await facets();
    // Each medium has one type: the sample, scaled to the estimate, either way.
    expect(fromTier.approximate).toBe(true);
    expect(fromTier.fn_typ?.reduce((sum, value) => sum + value.count, 0)).toBeGreaterThan(
      count / 20,
    );
    expect(fromIndex).toEqual(fromTier);
    return {
      tierFloors,
      emptyTierFloors: floorsAsked(),
      floor: await noting.popularTierFloor(),
      rum: await noting.hasPopularTextIndex(),
    };
  };

  it('gives the sample of the facet counts of a broad word, else the whole index does', async () => {
    // A word in every tenth medium (the RUM index is read for a word in at most a fifth), of
    // which the tier holds about six.
    const { tierFloors, emptyTierFloors, floor, rum } = await sampledFacets('Wald');
    // The RUM index hands out matches one by one, the tier's first (without RUM: GIN's bitmap).
    expect(tierFloors).toEqual([rum ? floor : undefined]);
    expect(emptyTierFloors).toEqual(rum ? [floor, undefined] : [undefined]);
  });

  it('gives the sample of the facet counts of several words, else the whole index does', async () => {
    // Both words in every tenth medium, as many as the planner expects ('unterricht' is in every
    // title): too few to be sampled in table order, of which the tier holds about six.
    const { tierFloors, emptyTierFloors, floor } = await sampledFacets('Wald Unterricht');
    expect(tierFloors).toEqual([floor]);
    expect(emptyTierFloors).toEqual([floor, undefined]);
  });

  it('samples the facets of many matches in table order, of a few from an index', async () => {
    const noting = new NotingRepository(database.db);
    const service = new CatalogueService(
      noting,
      { ...DEFAULT_SEARCH_TUNING, exactFacetLimit: 0, facetSampleSize: 3 },
      { entries: 0, versionCheckMs: 0 },
    );
    const facets = (q: string) =>
      service.distinct(
        CatalogueDistinctQuerySchema.parse({
          q,
          filter_fn_prodname: 'Test Produktion',
          f: ['fn_typ'],
        }),
      );
    // 'Tier' is in half of the media, '10' in the title of one: 300² >= 3 · 3 · 600 > 1².
    expect((await facets('Tier')).approximate).toBe(true);
    await facets('10');
    expect(noting.sampled.map((sample) => sample?.inTableOrder)).toEqual([true, false]);
    // A word being typed matches through its completions ('Unterr': 'Unterricht'), each of
    // which the planner expects in as many media as any word it has no statistics of: the scan
    // would read the whole table for them, so the sample comes from the index.
    noting.sampled.length = 0;
    expect((await facets('Unterr')).approximate).toBe(true);
    expect(noting.sampled.map((sample) => sample?.inTableOrder)).toEqual([false]);
    // The scan applies every condition: a sample larger than the matches counts them all.
    const { where } = searchConditions({}, sql`plainto_tsquery('german', 'Wald')`);
    const all = { size: count, fromTextIndex: false };
    expect(await noting.facetCounts(where, ['fn_typ'], { ...all, inTableOrder: true })).toEqual(
      await noting.facetCounts(where, ['fn_typ'], all),
    );
    expect((await noting.facetCounts(where, ['fn_typ'], all)).counted).toBe(count / 10);
  });

  it('is what the planner reads for the popular matches above its floor', async () => {
    const floor = (await new CatalogueRepository(database.db).popularTierFloor()) ?? 0;
    const plan = await database.db.transaction(async (tx) => {
      // Bitmap scans only: on a table this small a walk of the popularity index costs as little.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN SELECT id FROM media m
            WHERE m.fn_status = 'published' AND m.search_vector @@ to_tsquery('simple', 'tier')
              AND m.popularity >= ${floor + 20}
            ORDER BY m.popularity + 0 DESC LIMIT 20`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(POPULAR_TIER_INDEX);
  });

  it('is built again with a new floor when popularity grew past it', async () => {
    const repository = new CatalogueRepository(database.db);
    const before = (await repository.popularTierFloor()) ?? 0;
    // Half of the media are now more popular than the floor.
    await database.db.execute(sql`UPDATE media SET stars = stars + ${count} WHERE stars % 2 = 0`);
    await database.db.execute(sql`ANALYZE media`);
    expect(await maintainPopularTier(database.db)).toBe('built');
    const after = (await repository.popularTierFloor()) ?? 0;
    expect(after).toBeGreaterThan(before);
    const share = await published(after);
    expect(share).toBeGreaterThanOrEqual(TIER_SHARE.least);
    expect(share).toBeLessThanOrEqual(TIER_SHARE.most);
    expect(await maintainPopularTier(database.db)).toBe('kept');
  });
});
