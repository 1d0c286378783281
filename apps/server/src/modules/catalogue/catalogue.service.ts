import {
  SEARCH_PAGE_SIZE,
  audienceName,
  languageName,
  mediaTypeName,
  subjectAreaName,
  type CatalogueDistinct,
  type CatalogueDistinctQuery,
  type CatalogueItem,
  type CatalogueSearchQuery,
  type FacetField,
  type FacetValue,
  type MediumDetail,
} from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, CardAccess } from '../auth/policies.ts';
import { AnswerCache, DEFAULT_ANSWER_CACHE, type AnswerCacheOptions } from './answer-cache.ts';
import { toCatalogueItem, toMediumDetail } from './catalogue.mapper.ts';
import type { CatalogueRepository } from './catalogue.repository.ts';
import { PUBLIC_SCOPE, searchConditions, type SearchScope } from './search-filters.ts';
import { queryWords, searchTsQuery } from './search-text.ts';

/** What the cards show a user about playing each medium, by identifier. */
export type CardAccessLookup = (
  viewer: Actor,
  identifiers: readonly string[],
) => Promise<Map<string, CardAccess>>;

export interface SearchTuning {
  /**
   * Above this many expected matches a search ranks only the most popular candidates and the
   * total is the planner's estimate: ranking every match of a broad word costs hundreds of
   * milliseconds at a million media (see ARCHITECTURE.md, measurements). Without a value it
   * follows the catalogue size (see exactSearchLimit()).
   */
  exactSearchLimit?: number;
  /** Candidates ranked for a broad query (a multiple of the page size). */
  broadCandidates: number;
  /** Above this many expected matches the facet counts are estimated from a sample. */
  exactFacetLimit: number;
  facetSampleSize: number;
}

export const DEFAULT_SEARCH_TUNING: SearchTuning = {
  broadCandidates: SEARCH_PAGE_SIZE * 10,
  exactFacetLimit: 4_000,
  facetSampleSize: 2_000,
};

/** How long the estimated catalogue size is reused. */
const CATALOGUE_SIZE_TTL_MS = 60_000;

export interface SearchResult {
  items: CatalogueItem[];
  total: number;
  /** true when total is an estimate. */
  approximate: boolean;
}

const FACET_NAMES: Record<FacetField, (code: string) => string> = {
  fn_geb: subjectAreaName,
  fn_sprache: languageName,
  fn_typ: mediaTypeName,
  fn_adressat: audienceName,
};

export class CatalogueService {
  private readonly searchAnswers: AnswerCache<SearchResult>;
  private readonly distinctAnswers: AnswerCache<CatalogueDistinct>;
  private readonly categoryAnswers: AnswerCache<FacetValue[]>;

  /**
   * @param cardAccess what the cards show a signed-in user about playing each medium (the
   *   access policy's cardAccess); without it, cards show nothing of licences
   */
  constructor(
    private readonly repository: CatalogueRepository,
    private readonly tuning: SearchTuning = DEFAULT_SEARCH_TUNING,
    cache: AnswerCacheOptions = DEFAULT_ANSWER_CACHE,
    private readonly cardAccess: CardAccessLookup = async () => new Map(),
  ) {
    const version = () => repository.catalogueVersion();
    this.searchAnswers = new AnswerCache(version, cache);
    this.distinctAnswers = new AnswerCache(version, cache);
    this.categoryAnswers = new AnswerCache(version, cache);
  }

  private catalogueSize = { media: 0, measuredAt: Number.NEGATIVE_INFINITY };

  /**
   * Ranking all M matches costs about a·M; finding C candidates by walking the N media in
   * popularity order costs about b·C·N/M. With a ≈ 2b (warm caches measured 1.5 to 2) the two
   * meet at M = √(C·N/2): about 11,000 matches at a million media, 3,500 at 100,000.
   */
  private exactSearchLimit(media: number): number {
    const limit = Math.sqrt((this.tuning.broadCandidates * media) / 2);
    return this.tuning.exactSearchLimit ?? Math.max(1_000, Math.round(limit));
  }

  /** The planner's estimate of all published media, refreshed every minute. */
  private async publishedMedia(): Promise<number> {
    const now = Date.now();
    if (now - this.catalogueSize.measuredAt > CATALOGUE_SIZE_TTL_MS) {
      const media = await this.repository.estimateCount(searchConditions({}).where);
      this.catalogueSize = { media, measuredAt: now };
    }
    return this.catalogueSize.media;
  }

  /**
   * Search answers are cached until the catalogue changes (see AnswerCache); the star counts,
   * the viewer's own stars and what it may play are read live.
   */
  async search(
    query: CatalogueSearchQuery,
    viewer?: Actor,
    scope: SearchScope = PUBLIC_SCOPE,
  ): Promise<SearchResult> {
    const result = await this.searchAnswers.get(JSON.stringify({ query, scope }), () =>
      this.searchUncached(query, scope),
    );
    return { ...result, items: await this.withCounters(result.items, viewer) };
  }

  /**
   * The items with their current star count, whether `viewer` starred them, and whether (and
   * how) it may play and download them.
   */
  async withCounters<Item extends CatalogueItem>(items: Item[], viewer?: Actor): Promise<Item[]> {
    const identifiers = items.map((item) => item.identifier);
    const [counters, access] = await Promise.all([
      this.repository.counters(identifiers, viewer?.id),
      this.cardAccess(viewer, identifiers),
    ]);
    const byIdentifier = new Map(counters.map((counter) => [counter.identifier, counter]));
    return items.map((item) => {
      const counter = byIdentifier.get(item.identifier);
      const card = access.get(item.identifier);
      return {
        ...item,
        ...(counter && { stars: counter.stars, starred: counter.starred }),
        ...(card && { access: card.access, download: card.download, remaining: card.remaining }),
      };
    });
  }

  async distinct(
    query: CatalogueDistinctQuery,
    scope: SearchScope = PUBLIC_SCOPE,
  ): Promise<CatalogueDistinct> {
    return this.distinctAnswers.get(JSON.stringify({ query, scope }), () =>
      this.distinctUncached(query, scope),
    );
  }

  /** `corrected`: the tsquery of a query whose words were corrected (see correctedTsQuery). */
  private async searchUncached(
    query: CatalogueSearchQuery,
    scope: SearchScope,
    corrected?: SQL,
  ): Promise<SearchResult> {
    const page = { offset: (query.p ?? 0) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
    const { where, tsQuery } = searchConditions(
      query,
      corrected ?? (query.q === undefined ? undefined : searchTsQuery(query.q)),
      scope,
    );
    const estimate = await this.repository.estimateCount(where);
    const media = await this.publishedMedia();
    const broad = estimate > this.exactSearchLimit(media);

    if (!tsQuery) {
      const rows = await this.repository.searchOrdered(
        where,
        sql`m.fn_aenderung DESC, m.id DESC`,
        page,
      );
      const total = broad ? estimate : await this.repository.countExact(where);
      return { items: rows.map(toCatalogueItem), total, approximate: broad };
    }

    if (broad) {
      // Walking the popularity index visits about (offset + limit) · N / M media to find a
      // page (each costs a search-vector check); sorting all M matches costs about M cheaper
      // reads. Walk while that is the smaller.
      const visits = ((page.offset + page.limit) * media) / Math.max(1, estimate);
      const rows = await this.repository.searchBounded(where, tsQuery, page, {
        candidates: this.tuning.broadCandidates,
        walk: visits * 3 < estimate,
      });
      return { items: rows.map(toCatalogueItem), total: estimate, approximate: true };
    }

    const ranked = await this.repository.searchRanked(where, tsQuery, page);
    if (ranked.total !== undefined) {
      return { items: ranked.rows.map(toCatalogueItem), total: ranked.total, approximate: false };
    }
    const total = await this.repository.countExact(where);
    if (total > 0 || query.q === undefined) {
      return { items: [], total, approximate: false };
    }
    // Nothing matched the words: search again with the catalogue's words nearest to them.
    const tsCorrected = corrected ? undefined : await this.correctedTsQuery(query.q);
    return tsCorrected
      ? this.searchUncached(query, scope, tsCorrected)
      : { items: [], total: 0, approximate: false };
  }

  /**
   * The query with each word the catalogue does not know replaced by its most similar known
   * word (typing errors: 'Fotosynthse' finds 'Photosynthese'); undefined when nothing changes.
   */
  private async correctedTsQuery(text: string): Promise<SQL | undefined> {
    const words = await this.repository.correctWords(queryWords(text));
    const changed = words.some((word) => word.word !== word.stem);
    const known = words.flatMap((word) => (word.word === null ? [] : [word.word]));
    if (!changed || known.length === 0 || known.length < words.length) {
      return undefined;
    }
    return sql`(${sql.join(
      known.map((word) => sql`plainto_tsquery('simple', ${word})`),
      sql` && `,
    )})`;
  }

  private async distinctUncached(
    query: CatalogueDistinctQuery,
    scope: SearchScope,
  ): Promise<CatalogueDistinct> {
    const { where } = searchConditions(
      query,
      query.q === undefined ? undefined : searchTsQuery(query.q),
      scope,
    );
    const estimate = await this.repository.estimateCount(where);
    const sampleSize =
      estimate > this.tuning.exactFacetLimit ? this.tuning.facetSampleSize : undefined;
    const { counted, values } = await this.repository.facetCounts(where, query.f, sampleSize);
    // A full sample means there were more matches than counted: scale to the estimate.
    const sampled = sampleSize !== undefined && counted >= sampleSize;
    const scale = sampled ? Math.max(estimate, counted) / counted : 1;
    const result: CatalogueDistinct = { approximate: sampled };
    for (const field of query.f) {
      result[field] = values
        .filter((row) => row.field === field)
        .map((row): FacetValue => ({
          value: row.value,
          text: FACET_NAMES[field](row.value),
          count: Math.max(1, Math.round(row.count * scale)),
        }))
        .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text, 'de'));
    }
    return result;
  }

  /** The subject areas below `parent` that hold published media, with their counts. */
  async categories(parent: string | undefined): Promise<FacetValue[]> {
    const key = JSON.stringify({ categories: parent ?? '' });
    return this.categoryAnswers.get(key, async () => {
      const rows = await this.repository.categoryCounts(parent);
      return rows
        .map((row) => ({ value: row.code, text: subjectAreaName(row.code), count: row.count }))
        .sort((a, b) => a.value.localeCompare(b.value));
    });
  }

  async findMedium(identifier: string, viewer?: Actor): Promise<MediumDetail | undefined> {
    const row = await this.repository.findPublished(identifier.toUpperCase());
    return row && (await this.withCounters([toMediumDetail(row)], viewer))[0];
  }
}
