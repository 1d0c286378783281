import {
  SEARCH_PAGE_SIZE,
  GRADE_STAGES,
  gradeStageLabel,
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
  type Suggestion,
} from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { CardMedium } from '../auth/access.repository.ts';
import type { UserRow } from '../auth/auth.repository.ts';
import type { Actor, CardAccess } from '../auth/policies.ts';
import { AnswerCache, DEFAULT_ANSWER_CACHE, type AnswerCacheOptions } from './answer-cache.ts';
import { toCatalogueItem, toMediumDetail } from './catalogue.mapper.ts';
import {
  WeightedTsQuery,
  type CatalogueRepository,
  type MediumCounters,
  type Page,
  type PopularFirst,
  type PopularTierSlice,
  type TitleMatches,
} from './catalogue.repository.ts';
import {
  isFiltered,
  isPublicCatalogue,
  PUBLIC_SCOPE,
  PublicTextConditions,
  searchConditions,
  type SearchFilters,
  type SearchScope,
} from './search-filters.ts';
import {
  alternativesApart,
  alternativesTogether,
  anyPart,
  namesSubjectArea,
  partialTsQueryParts,
  queryPhrases,
  queryWords,
  searchTsQuery,
  stemmedWords,
  synonymOf,
  TextTsQuery,
  type TsQueryPart,
  typedPrefix,
  unwidened,
  widens,
  withoutPhrases,
  wordPart,
  type WordExpansion,
  type WordExpansions,
} from './search-text.ts';
import { floorForShare, shareAtLeast } from './popular-tier.ts';
import {
  expectedMatches,
  expectedShare,
  rarityWeight,
  type SearchVectorStatistics,
} from './text-estimate.ts';
import { CatalogueSuggestions, withSchoolWords } from './suggestions.ts';
import { VersionedVocabulary } from './vocabulary.ts';
import { expandWords, MIN_PART, RememberedStems, textsToStem } from './word-expansions.ts';

/**
 * The whole words of a query widened by the vocabulary (its tsquery without the compounds,
 * parts and completions) with the query's filters, and the planner's estimate of their matches.
 */
interface WholeWords {
  where: SQL;
  tsQuery: SQL;
  wholeMatches: () => Promise<number>;
}

/** What the facets need of a query's text (CatalogueService.textQuery). */
type FacetText = Pick<
  NonNullable<Awaited<ReturnType<CatalogueService['textQuery']>>>,
  'tsQuery' | 'whole' | 'oneWord' | 'phrased' | 'textMatches'
>;

/** What the catalogue holds of query words (CatalogueRepository.wordStems). */
type WordFacts = Awaited<ReturnType<CatalogueRepository['wordStems']>>;

/** What a bounded search found (CatalogueRepository.searchBounded). */
type BoundedSearch = Awaited<ReturnType<CatalogueRepository['searchBounded']>>;

/** What the cards show a signed-in user about playing each medium, by identifier. */
export type CardAccessLookup = (
  viewer: UserRow,
  media: readonly CardMedium[],
  /** The catalogue version the media's facts were read at. */
  version: number,
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
  /**
   * Above this many expected matches the facet counts are scaled from a sample of
   * `facetSampleSize` matches (the web rounds them to two digits): reading a match costs 4-5
   * µs at a million media, so 1,000 of them about 5 ms (2,000 made the facets 40 % slower).
   */
  exactFacetLimit: number;
  facetSampleSize: number;
}

export const DEFAULT_SEARCH_TUNING: SearchTuning = {
  broadCandidates: SEARCH_PAGE_SIZE * 10,
  exactFacetLimit: 2_000,
  facetSampleSize: 1_000,
};

/** Most title matches searchBounded ranks, per candidate of a broad query. */
const TITLED_PER_CANDIDATE = 4;

/**
 * The widest first slice of the most popular media worth reading beside the title matches, per
 * expected match (boundedPage): a slice's range of the popularity index costs about 0.26 µs a
 * medium, reading a match 4-5 µs. Wider, every match is ranked instead ('Darwin Neb', about
 * 1,600 matches at a million media: its slice of 257,000 media took 67 of the bounded search's
 * 80 ms, before every match was ranked all the same for too few whole-word matches; 13 ms).
 */
const SLICE_PER_MATCH = 8;

/** A phrase's walk is first asked along this part of the media it walks (phraseProbe). */
const PHRASE_PROBE_PARTS = 10;

/**
 * A scan's row against an index's match, as costs of a facet sample (distinctUncached): at a
 * million media 1.4 µs and 0.4 µs or more.
 */
const TABLE_ORDER_SAMPLE_COST = 3;

/** How long the planner's facts of the whole catalogue (size, popularity histogram) are reused. */
const CATALOGUE_FACTS_TTL_MS = 60_000;

export interface SearchResult {
  items: CatalogueItem[];
  total: number;
  /** true when total is an estimate. */
  approximate: boolean;
  /** The query searched instead of the one asked, whose typing errors found nothing. */
  corrected?: string;
  /** A correction of the query asked, offered when the query found something ('Meinten Sie'). */
  suggestion?: string;
  /** No medium matched every word: these match most of them, the most words first. */
  partial?: boolean;
}

const FACET_NAMES: Record<FacetField, (code: string) => string> = {
  fn_geb: subjectAreaName,
  fn_sprache: languageName,
  fn_typ: mediaTypeName,
  fn_adressat: gradeStageLabel,
};

/** School stages keep their order (grades ascending); other values go by count. */
const STAGE_ORDER = new Map(GRADE_STAGES.map((stage, index) => [stage.value, index]));

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
    this.suggestions = new CatalogueSuggestions(
      async () => withSchoolWords(await repository.suggestionSources()),
      version,
    );
    this.publishedMedia = refreshedEvery(CATALOGUE_FACTS_TTL_MS, () =>
      repository.estimateCount(searchConditions({}).where),
    );
    this.popularityBounds = refreshedEvery(CATALOGUE_FACTS_TTL_MS, () =>
      repository.popularityBounds(),
    );
    this.searchVectorStatistics = refreshedEvery(CATALOGUE_FACTS_TTL_MS, () =>
      repository.searchVectorStatistics(),
    );
    this.popularTierFloor = refreshedEvery(CATALOGUE_FACTS_TTL_MS, () =>
      repository.popularTierFloor(),
    );
    this.vocabularyVersion = refreshedEvery(cache.versionCheckMs, () =>
      repository.vocabularyVersion(),
    );
  }

  private readonly suggestions: CatalogueSuggestions;

  /** The vocabulary of corrections, kept in memory for each version of `search_words`. */
  private readonly vocabulary = new VersionedVocabulary(() => this.repository.vocabularyWords());

  /**
   * The vocabulary's current version, read as often as the answers' catalogue version (its
   * `versionCheckMs`): a rebuilt vocabulary is used within the same second as a changed answer.
   */
  private readonly vocabularyVersion: () => Promise<number>;

  /** What ANALYZE found of the search vectors (the planner's statistics). */
  private readonly searchVectorStatistics: () => Promise<SearchVectorStatistics | undefined>;

  private readonly stems = new RememberedStems((texts) => this.repository.stems(texts));

  /** Up to eight completions of what the user typed (titles, keywords, subjects, producers). */
  async suggest(text: string): Promise<Suggestion[]> {
    return this.suggestions.suggest(text);
  }

  private popularTextIndexFound: Promise<boolean> | undefined;

  /** Whether the database has the popularity-ordered text index (asked once it answers). */
  private popularTextIndex(): Promise<boolean> {
    this.popularTextIndexFound ??= this.repository.hasPopularTextIndex().catch((error: unknown) => {
      this.popularTextIndexFound = undefined;
      throw error;
    });
    return this.popularTextIndexFound;
  }

  /**
   * Ranking all M matches costs about a·M; finding C candidates by walking the N media in
   * popularity order costs about b·C·N/M. With a ≈ 2b (warm caches measured 1.5 to 2) the two
   * meet at M = √(C·N/2): about 11,000 matches at a million media, 3,500 at 100,000.
   */
  private exactSearchLimit(media: number): number {
    const limit = Math.sqrt((this.tuning.broadCandidates * media) / 2);
    return this.tuning.exactSearchLimit ?? Math.max(1_000, Math.round(limit));
  }

  /**
   * Above this many expected matches a query without a bonus or phrase ranks its title and
   * keyword matches and the most popular matches its page needs instead of every match, with the
   * same pages (rankedPage; CatalogueRepository.searchBounded's `titled`): every match outside
   * the rank vector's ranks 0 and follows by popularity. At a million media ranking every match
   * cost about 6-9 ms a thousand matches ('urkaka', 8,781: 80 ms; 'Wald Thesen', 7,424: 45-76
   * ms), the bounded search 3-9 ms. An eighth of exactSearchLimit (about 1,300 at a million
   * media), at least 1,000 unless the tuning sets that limit.
   */
  private titledSearchLimit(media: number): number {
    const eighth = Math.round(this.exactSearchLimit(media) / 8);
    return this.tuning.exactSearchLimit === undefined ? Math.max(1_000, eighth) : eighth;
  }

  /** The planner's estimate of all published media, refreshed every minute. */
  private readonly publishedMedia: () => Promise<number>;

  /** The planner's histogram of popularity (CatalogueRepository.popularityBounds), likewise. */
  private readonly popularityBounds: () => Promise<number[]>;

  /**
   * The popularity above which about `top` media lie (from the planner's histogram, refreshed
   * every minute; at least `top`), or undefined when that is about every medium or there is no
   * histogram.
   */
  private async popularityFloor(top: number): Promise<number | undefined> {
    // A slice may hold fewer than expected (the histogram leaves out the most common values)
    // and is then widened.
    return floorForShare(
      await this.popularityBounds(),
      top / Math.max(1, await this.publishedMedia()),
    );
  }

  /** The floor of the popular tier's index (popular-tier.ts), read every minute. */
  private readonly popularTierFloor: () => Promise<number | undefined>;

  /**
   * `where` for a statement that reads the most popular matches in `order` from `minPopularity`
   * on: with the alternatives of its text apart (alternativesApart) where the planner may take a
   * RUM index, the whole one ('index') or the popular tier's (a floor at or above the tier's).
   */
  private async popularWhere(
    where: SQL,
    order: PopularFirst,
    minPopularity: number | undefined,
  ): Promise<SQL> {
    const tierFloor = await this.popularTierFloor();
    const inTier =
      minPopularity !== undefined && tierFloor !== undefined && minPopularity >= tierFloor;
    return order === 'index' || inTier ? alternativesApart(where) : where;
  }

  /**
   * The floor of the popular tier where its index is RUM, else undefined. A sorted slice that
   * reaches below it reads the tier's part from that index (tierBelow); where it is GIN (PGlite,
   * servers without RUM) the slice is read in one part: in two, the compounds took 3 % longer on
   * PGlite at 100,000 media.
   */
  private async rumTierFloor(): Promise<number | undefined> {
    return (await this.popularTextIndex()) ? this.popularTierFloor() : undefined;
  }

  /**
   * The popular tier for a slice sorted from `minPopularity` below its RUM tier's floor
   * (CatalogueRepository.searchBounded's `tier`), else undefined.
   */
  private async tierBelow(
    where: SQL,
    order: PopularFirst,
    minPopularity: number | undefined,
  ): Promise<PopularTierSlice | undefined> {
    const floor = order === 'sort' ? await this.rumTierFloor() : undefined;
    return floor !== undefined && minPopularity !== undefined && minPopularity < floor
      ? { floor, where: alternativesApart(where) }
      : undefined;
  }

  /** How many of the `media` a RUM tier holds (rumTierFloor), else 0. */
  private async rumTierMedia(media: number): Promise<number> {
    const floor = await this.rumTierFloor();
    return floor === undefined ? 0 : shareAtLeast(await this.popularityBounds(), floor) * media;
  }

  /**
   * The floor of the popular tier when it should hold at least twice the `wanted` most popular
   * of about `matches` media (as popularity and words are independent), else undefined.
   */
  private async popularTier(wanted: number, matches: number): Promise<number | undefined> {
    const floor = await this.popularTierFloor();
    if (floor === undefined) {
      return undefined;
    }
    const share = shareAtLeast(await this.popularityBounds(), floor);
    return matches * share >= 2 * wanted ? floor : undefined;
  }

  /**
   * Search answers are cached until the catalogue changes (see AnswerCache); the star counts,
   * the viewer's own stars and what it may play are read live (a cached answer's again). The
   * viewer may still be being looked up (a session): the answer does not depend on it.
   */
  async search(
    query: CatalogueSearchQuery,
    viewer?: Actor | Promise<Actor | undefined>,
    scope: SearchScope = PUBLIC_SCOPE,
  ): Promise<SearchResult> {
    const answer = { loadedHere: false };
    const [result, actor] = await Promise.all([
      this.searchAnswers.get(JSON.stringify({ query, scope }), () => {
        answer.loadedHere = true;
        return this.searchUncached(query, scope);
      }),
      viewer,
    ]);
    // An answer loaded for this very request read the star counts just now: an anonymous
    // viewer needs nothing more (one statement less for every search the cache does not hold).
    if (answer.loadedHere && actor === undefined) {
      return result;
    }
    return { ...result, items: await this.withCounters(result.items, actor) };
  }

  /**
   * The items with their current star count, whether `viewer` starred them, and whether (and
   * how) it may play and download them.
   */
  async withCounters<Item extends CatalogueItem>(items: Item[], viewer?: Actor): Promise<Item[]> {
    const identifiers = items.map((item) => item.identifier);
    let counters: MediumCounters[];
    let access = new Map<string, CardAccess>();
    if (viewer) {
      const facts = await this.repository.countersWithCardFacts(identifiers, viewer.id);
      counters = facts.media;
      access = await this.cardAccess(viewer, facts.media, facts.version);
    } else {
      counters = await this.repository.counters(identifiers);
    }
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

  /**
   * The search of the query as asked; when no medium matches all its words, the query with
   * its typing errors corrected, else the media that match most of its words (`fallback`).
   */
  private async searchUncached(
    query: CatalogueSearchQuery,
    scope: SearchScope,
    fallback = true,
  ): Promise<SearchResult> {
    const page = { offset: (query.p ?? 0) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
    const text = await this.textQuery(query.q);
    const { where, whereToEstimate, filters, tsQuery } = searchConditions(
      query,
      text?.tsQuery,
      scope,
    );

    if (!tsQuery) {
      // Counted exactly up to the limit a text's matches are (titledSearchLimit): counting reads
      // every match ('Produzent 36', 11,056 media at a million: 50-80 ms beside its page).
      const estimate = await this.repository.estimateCount(where);
      const media = await this.publishedMedia();
      const broad = estimate > this.titledSearchLimit(media);
      const sorted = newestBySorting(estimate, page.offset + page.limit, media);
      const rows = await this.repository.searchOrdered(
        where,
        // With `+ interval`, no index gives the order: the matches are collected and sorted.
        sorted
          ? sql`m.fn_aenderung + interval '0 seconds' DESC, m.id DESC`
          : sql`m.fn_aenderung DESC, m.id DESC`,
        page,
      );
      const total = broad ? estimate : await this.repository.countExact(where);
      return { items: rows.map(toCatalogueItem), total, approximate: broad };
    }

    const words =
      fallback && (query.p ?? 0) === 0
        ? await this.unknownWords(query, scope, text?.expansions)
        : undefined;
    if (query.q !== undefined && words?.absent === true) {
      return this.searchWithoutAllWords({ ...query, q: query.q }, scope, {
        facts: words.facts,
        expansions: text?.expansions,
      });
    }
    const bonus = text?.whole === undefined ? [] : [text.whole];
    // A phrase's estimate is that of its words together, far too high for a rare phrase of
    // frequent words (phrasePage).
    const phrased = text?.phrased === true;
    // Every match outside the rank vector's ranks 0 (or, with the whole words' bonus, 1) and
    // follows by popularity when no phrase is asked: then the title matches and the most popular
    // matches give the first pages of ranking every match (rankedPage), unless the words name a
    // subject area: every medium filed there has them among its keywords ('Zielgruppenfilm':
    // more than 960 title matches collected, 13 ms, for nothing); such a query browses the area
    // (rankedPage's browsesArea).
    const namesArea = query.q !== undefined && namesSubjectArea(query.q);
    const titleMatches = bonus.length <= 1 && !phrased && query.q !== undefined && !namesArea;
    const [whole] = bonus;
    const oneWord = text?.oneWord === true;
    const estimate = phrased
      ? undefined
      : await this.matchesEstimate(
          query,
          scope,
          whereToEstimate,
          tsQuery,
          async () => this.exactSearchLimit(await this.publishedMedia()),
          {
            ...(text?.textMatches !== undefined && { textMatches: text.textMatches }),
            ...(oneWord &&
              titleMatches &&
              (await this.popularTextIndex()) && {
                countedAbove: this.titledSearchLimit(await this.publishedMedia()),
              }),
          },
        );
    const wholeConditions = whole && searchConditions(query, whole, scope);
    const wholeFirst: WholeWords | undefined = whole &&
      wholeConditions && {
        where: wholeConditions.where,
        tsQuery: whole,
        wholeMatches: once(() => this.estimate(wholeConditions.whereToEstimate)),
      };
    // Not with a word the vocabulary does not know (one being typed, a typing error): it is in
    // few media or none, more often than the planner expects ('Grundbaustein Kenwa'; at 100,000
    // media 28 of 34 prefixes that asked found too few to fill the page, after it none of 6).
    const unknown = queryWords(query.q ?? '').some((word) => !isKnown(word, text?.expansions));
    const ranked = phrased
      ? await this.phrasePage(where, whereToEstimate, tsQuery, bonus, page)
      : await this.rankedPage(where, tsQuery, bonus, page, estimate, {
          oneWord,
          estimated: oneWord && !isFiltered(query) && isPublicCatalogue(scope),
          browsesArea: namesArea,
          ...(wholeFirst && !unknown && { wholeFirst }),
          ...(titleMatches && { titleMatchesAmong: filters }),
          ...(titleMatches && wholeFirst && { titledWhole: wholeFirst }),
          ...(titleMatches &&
            isFiltered(query) && {
              unfiltered: searchConditions({}, tsQuery, scope).whereToEstimate,
            }),
        });
    if (ranked.total > 0 || query.q === undefined || !fallback) {
      return ranked.total > 0
        ? this.withSuggestion(query, fallback, ranked, text?.expansions, words?.facts)
        : ranked;
    }
    return this.searchWithoutAllWords({ ...query, q: query.q }, scope, {
      facts: words?.facts,
      expansions: text?.expansions,
    });
  }

  /**
   * What the catalogue holds of the query's words (WordFacts, for its correction) when the
   * vocabulary does not know one of them, and whether one such word is in no published medium
   * at all (`absent`), its expansion not widening it either (a word being typed may match
   * through its completions): then no medium matches every word, and the search need not be
   * asked (an estimate and a ranking: two of the seven statements of a typing error). Asked for
   * the published media only: a producer's own pool holds unpublished ones too.
   */
  private async unknownWords(
    query: CatalogueSearchQuery,
    scope: SearchScope,
    expansions: WordExpansions | undefined,
  ): Promise<{ facts: WordFacts; absent: boolean } | undefined> {
    const words = queryWords(query.q ?? '');
    if (
      query.exact !== undefined ||
      !scope.publishedOnly ||
      words.every((word) => isKnown(word, expansions))
    ) {
      return undefined;
    }
    // The words a correction looks at (all but school words), so that it need not ask again.
    const facts = await this.repository.wordStems(words.filter((word) => !isKnown(word)));
    const widened = (word: string) => {
      const expansion = expansions?.get(word);
      return expansion !== undefined && widens(expansion);
    };
    const absent = facts.stems.some(
      (word) => !word.inCatalogue && !isKnown(word.raw, expansions) && !widened(word.raw),
    );
    return { facts, absent };
  }

  /**
   * A page of the matches of `where` (which includes the text's tsquery) by relevance (rankOf:
   * cover density of `tsQuery`, plus 1 for each tsquery of `bonus` a medium matches). When the
   * planner expects more matches than ranking all of them is worth (exactSearchLimit), only the
   * most popular candidates are ranked (for `oneWord` from the RUM index where there is one, see
   * popularFirst; `unfiltered`: the text's conditions without the query's filters, when it has
   * some) and the total is the estimate. With `titleMatchesAmong` (`where` without the text,
   * given when every medium outside the rank vector's matches ranks 0, or 1 with the one bonus,
   * the whole words of `titledWhole`), fewer expected matches (between titledSearchLimit
   * and exactSearchLimit) give the first pages of ranking every match from the title matches and
   * just the most popular matches the page needs (titleMatches). Without an estimate to trust,
   * or when a slice of the most popular media shows it far too high (nextSlice), every match is
   * ranked (CatalogueRepository.searchRanked).
   */
  private async rankedPage(
    where: SQL,
    tsQuery: SQL,
    bonus: readonly SQL[],
    page: Page,
    estimate: number | undefined,
    {
      oneWord,
      estimated,
      browsesArea = false,
      unfiltered,
      titleMatchesAmong,
      titledWhole,
      wholeFirst,
    }: {
      oneWord: boolean;
      /** Whether `estimate` is the planner's for one word alone (sliceMatches). */
      estimated: boolean;
      /**
       * The query names a subject area: its words are in the rank vector of every medium filed
       * there, so every match ranks above 0 and ranking them all read each one
       * ('Sportwissenschaft', 8,016 matches at a million media: 27 ms; 'Kompetenzbereich
       * Produzieren und Präsentieren', 9,566: 52 ms, half of it cover density). Such a query
       * browses the area: as for a broad query, its most popular candidates are ranked, once it
       * has more matches than are ranked exactly anyway (titledSearchLimit) and where that pays
       * (browsingPays).
       */
      browsesArea?: boolean;
      unfiltered?: SQL;
      titleMatchesAmong?: SQL;
      titledWhole?: WholeWords;
      wholeFirst?: WholeWords;
    },
  ): Promise<SearchResult> {
    const media = await this.publishedMedia();
    const exactLimit = this.exactSearchLimit(media);
    if (estimate === undefined || estimate <= this.titledSearchLimit(media)) {
      return this.exactPage(where, tsQuery, bonus, page);
    }
    // Every match ranked, or the whole-word matches alone where they fill the page.
    const everyMatch = async () =>
      (wholeFirst !== undefined && (await this.wholeWordsPage(wholeFirst, page, estimate))) ||
      this.exactPage(where, tsQuery, bonus, page);
    const indexed = oneWord && (await this.popularTextIndex());
    const titled =
      estimate <= exactLimit &&
      !(
        browsesArea &&
        browsingPays(
          this.tuning.broadCandidates,
          media,
          estimate,
          indexed,
          await this.rumTierMedia(media),
        )
      );
    if (titled && titleMatchesAmong === undefined) {
      return everyMatch();
    }
    const textMatches = unfiltered === undefined ? estimate : await this.estimate(unfiltered);
    // A frequent text narrowed by filters has more title matches than a text with as many
    // matches of its own: collected when the planner expects at most a third of the matches
    // among them ('Differentialrechnung' for one audience at a million media: 1,432 of 8,388,
    // 50 → 11 ms a search), else every match is ranked ('Stoffe' among the apps: 26-40 ms
    // collecting).
    const most =
      titled && textMatches > exactLimit && titleMatchesAmong !== undefined
        ? await this.filteredTitleMatches(titleMatchesAmong, tsQuery, estimate)
        : TITLED_PER_CANDIDATE * this.tuning.broadCandidates;
    if (most === undefined) {
      return everyMatch();
    }
    const candidates = this.tuning.broadCandidates;
    const plan =
      titled && titleMatchesAmong !== undefined
        ? await this.titleMatches(titleMatchesAmong, page, estimate, { most, whole: titledWhole })
        : { wanted: page.offset >= candidates ? page.offset + page.limit : candidates };
    if (plan === undefined) {
      return everyMatch();
    }
    const order = popularFirst(plan.wanted, media, estimate, indexed, textMatches);
    return (
      (await this.boundedPage(where, tsQuery, bonus, page, estimate, {
        order,
        estimated,
        ...plan,
      })) ?? everyMatch()
    );
  }

  /**
   * The page of a query with a phrase. The planner expects a phrase in every medium with its
   * words, so above the limit of exact ranking (`withWords`) the phrase is looked for only among
   * a third of as many of the most popular media as have its words, walking them in popularity
   * order: its most popular matches there, at most the broad candidates (240), are ranked, as
   * for a broad word; later pages follow by popularity, and the total is an estimate from the
   * share of the media at least as popular as the last of them. A dense phrase is found early
   * ('"oder Photosynthese Zelle"', 27,587 matches in 292,931 media with both words: the 240
   * among the 8,287 most popular, 12-16 ms, where ranking every match took 916 ms at a million
   * media); a rarer one fills the first page from what the walk found ('"Vererbung Energie"':
   * 1,781 of 73,824, 116 walked in 22 ms, 292 ms ranked). Only when the walk cannot fill the
   * first page is every match ranked, with the true total ('"Basen Pflanzen Photosynthese"':
   * 119 of 58,540): the walk costs at most a third more. Every page of a query takes the same
   * way, so a later page asks the walk too. Unbounded, walking for candidates that are not there
   * read the whole table (5.7 s).
   */
  private async phrasePage(
    where: SQL,
    whereToEstimate: SQL,
    tsQuery: SQL,
    bonus: readonly SQL[],
    page: Page,
  ): Promise<SearchResult> {
    const media = await this.publishedMedia();
    const withWords = await this.estimate(whereToEstimate);
    const walked = withWords / 3;
    const minPopularity =
      withWords > this.exactSearchLimit(media) ? await this.popularityFloor(walked) : undefined;
    if (minPopularity === undefined) {
      return this.exactPage(where, tsQuery, bonus, page);
    }
    const broadCandidates = this.tuning.broadCandidates;
    const search = async (at: Page, order: PopularFirst, candidates: number, floor?: number) =>
      this.repository.searchBounded(
        await this.popularWhere(where, order, floor),
        tsQuery,
        bonus,
        at,
        {
          candidates,
          order,
          ...(floor !== undefined && { minPopularity: floor }),
        },
      );
    const firstPage = page.offset < broadCandidates ? page : { offset: 0, limit: page.limit };
    const probed = await this.phraseProbe(minPopularity, walked, page, (floor) =>
      search(firstPage, 'walk', broadCandidates, floor),
    );
    if (probed === 'rare') {
      return this.exactPage(where, tsQuery, bonus, page);
    }
    const first = probed ?? (await search(firstPage, 'walk', broadCandidates, minPopularity));
    // The candidates: the most popular matches, every one among the walked media when fewer.
    const found = first.found;
    if (first.lowest === undefined || found < page.limit) {
      return this.exactPage(where, tsQuery, bonus, page);
    }
    const complete = found >= first.wanted;
    const share = shareAtLeast(
      await this.popularityBounds(),
      complete ? first.lowest : minPopularity,
    );
    const total = Math.round(found / Math.max(share, found / media));
    const end = page.offset + page.limit;
    if (end <= found) {
      return { items: first.rows.map(toCatalogueItem), total, approximate: true };
    }
    // Past the candidates, the other matches by popularity: walked as much further as the page
    // goes deeper when the candidates were many, else sorted from every match.
    const from = Math.max(page.offset, found);
    const floor = complete
      ? await this.popularityFloor((walked * end) / broadCandidates)
      : undefined;
    const rest = await search(
      { offset: from, limit: end - from },
      complete ? 'walk' : 'sort',
      found,
      floor,
    );
    if (floor !== undefined && rest.found < end) {
      return this.exactPage(where, tsQuery, bonus, page);
    }
    const ranked = page.offset < found ? first.rows : [];
    return {
      items: [...ranked, ...rest.rows].map(toCatalogueItem),
      total: Math.max(total, rest.found),
      approximate: true,
    };
  }

  /**
   * A walk for a phrase along the most popular tenth of the `walked` media (phrasePage) before
   * the whole walk down to `minPopularity`: 'rare' when as many matches as it found in as many
   * media as the whole walk looks at would not fill the first page (every match is then ranked
   * at once), its answer when it found every candidate (the whole walk would stop at the same
   * ones), else undefined (the whole walk follows). A rare phrase of frequent words costs the
   * whole walk for nothing: '"Chromosomen Photosynthese Schule"', 119 matches in 119,638 media
   * with its words at a million media, had 5 among the 37,618 walked (130 of its 590 ms).
   */
  private async phraseProbe(
    minPopularity: number,
    walked: number,
    page: Page,
    walk: (floor: number) => Promise<BoundedSearch>,
  ): Promise<BoundedSearch | 'rare' | undefined> {
    const floor = await this.popularityFloor(walked / PHRASE_PROBE_PARTS);
    if (floor === undefined || floor <= minPopularity) {
      return undefined;
    }
    const probe = await walk(floor);
    // The floors come from the histogram's parts: the probe's share of the walk is theirs (one
    // medium's share at least).
    const bounds = await this.popularityBounds();
    const oneMedium = 1 / Math.max(1, await this.publishedMedia());
    const walkedPerProbed =
      shareAtLeast(bounds, minPopularity) / Math.max(shareAtLeast(bounds, floor), oneMedium);
    if (probe.found * walkedPerProbed < page.limit) {
      return 'rare';
    }
    return probe.found >= probe.wanted ? probe : undefined;
  }

  /**
   * The page of ranking every one of about `estimate` matches, ranking only the matches of the
   * whole words (the query without its compounds, parts and completions), when they fill it:
   * they rank above every other match (rankOf), so their own order is the page's. The total is
   * the estimate. Asked when the planner expects at least the page's positions of them and at
   * most half the matches ('Berufspädagogik', a subject area: 871 whole-word matches of 6,953
   * at a million media, 36 → 8 ms); undefined when it does not pay or they were too few.
   */
  private async wholeWordsPage(
    whole: WholeWords,
    page: Page,
    estimate: number,
  ): Promise<SearchResult | undefined> {
    const positions = page.offset + page.limit;
    const expected = await whole.wholeMatches();
    if (expected < positions || 2 * expected > estimate) {
      return undefined;
    }
    const ranked = await this.repository.searchRanked(whole.where, whole.tsQuery, [], page);
    const found = ranked.total ?? 0;
    return found < positions
      ? undefined
      : {
          items: ranked.rows.map(toCatalogueItem),
          total: Math.max(estimate, found),
          approximate: true,
        };
  }

  /**
   * What searchBounded collects beside the popular matches of a text with about `estimate`
   * matches so that `page` is that of ranking every match: the title matches of `among`, and
   * only as many popular matches as the page's positions (a slice for the 240 candidates of a
   * few thousand matches was too wide: 'powi everyday', 2,999 matches, 153,000 media, 100 ms;
   * for one page it holds 15,000). With whole words ranked above the matches through expansions
   * (`whole`, with the estimate of their matches), the popular matches should hold
   * twice as many whole-word matches as positions; when that takes more than the title matches
   * collected at most, the whole-word matches are few and collected with the title matches (at
   * most half of them: 'Ismus Talking', 9,107 matches through 20 compounds, none with both whole
   * words, 86 → 21 ms at a million media), else undefined (every match is ranked instead).
   */
  private async titleMatches(
    among: SQL,
    page: Page,
    estimate: number,
    { most, whole }: { most: number; whole: WholeWords | undefined },
  ): Promise<{ wanted: number; titled: TitleMatches } | undefined> {
    const positions = page.offset + page.limit;
    if (whole === undefined) {
      return { wanted: positions, titled: { among, most } };
    }
    const expected = await whole.wholeMatches();
    const wanted = Math.max(
      positions,
      Math.ceil((2 * positions * estimate) / Math.max(1, expected)),
    );
    if (wanted <= most) {
      return { wanted, titled: { among, most, wholeWanted: positions } };
    }
    return 2 * expected <= most
      ? { wanted: positions, titled: { among, most, whole: whole.tsQuery } }
      : undefined;
  }

  /**
   * How many title matches among the filters of `among` are collected for a text with more
   * matches than are ranked exactly, narrowed by them to about `estimate`: half the estimate,
   * when the planner expects at most a third of them to be title matches (the search index
   * finds them inside it: media_search_idx), else undefined (every match is ranked).
   */
  private async filteredTitleMatches(
    among: SQL,
    tsQuery: SQL,
    estimate: number,
  ): Promise<number | undefined> {
    const expected = await this.repository.estimateCount(
      sql`${among} AND m.rank_vector @@ ${tsQuery}`,
    );
    return 3 * expected <= estimate ? Math.ceil(estimate / 2) : undefined;
  }

  /**
   * The page of the bounded search (CatalogueRepository.searchBounded), or undefined when every
   * match is to be ranked instead (too many title matches, or a slice that showed the estimate
   * far too high: nextSlice).
   */
  private async boundedPage(
    where: SQL,
    tsQuery: SQL,
    bonus: readonly SQL[],
    page: Page,
    estimate: number,
    {
      order,
      estimated,
      wanted,
      titled,
    }: { order: PopularFirst; estimated: boolean; wanted: number; titled?: TitleMatches },
  ): Promise<SearchResult | undefined> {
    const media = await this.publishedMedia();
    // With title matches the page's own most popular matches, else the broad candidates.
    const candidates = titled === undefined ? this.tuning.broadCandidates : wanted;
    // Sorting reads a slice of the most popular media that should hold the matches wanted
    // (sliceMatches), then a wider one or every match ranked exactly (nextSlice). The RUM index
    // is read in its popular tier when that should hold them, else (and when it did not) whole.
    let slice: number | 'exact' = (sliceMatches(wanted, estimated) * media) / estimate;
    if (titled !== undefined && order === 'sort' && slice > SLICE_PER_MATCH * estimate) {
      // Too wide to pay: ranking every match reads as much as sorting them by popularity, and
      // gives the same pages as the title matches do (titleMatches). Not for a broad query: its
      // later pages follow its popular candidates, whose order every page must keep.
      return undefined;
    }
    let tier = order === 'index' ? await this.popularTier(wanted, estimate) : undefined;
    while (slice !== 'exact') {
      const minPopularity = order === 'sort' ? await this.popularityFloor(slice) : tier;
      const read = await this.popularWhere(where, order, minPopularity);
      const tierSlice = await this.tierBelow(where, order, minPopularity);
      const found = await this.repository.searchBounded(read, tsQuery, bonus, page, {
        candidates,
        order,
        ...(minPopularity !== undefined && { minPopularity }),
        ...(titled !== undefined && { titled }),
        ...(tierSlice !== undefined && { tier: tierSlice }),
      });
      if (found.titledComplete === false) {
        // More title matches than are worth ranking beside the candidates (the name of a
        // subject area in every medium filed there, in one of the words).
        return titled && this.titleMatchesPage(tsQuery, page, estimate, titled);
      }
      if (found.wholeShort === true && found.found >= found.wanted) {
        // Too few whole-word matches among as many popular candidates as were asked.
        return undefined;
      }
      if (found.found >= found.wanted || minPopularity === undefined) {
        // Fewer than wanted from the whole index: these were all the matches (an empty page
        // past the candidates tells nothing).
        const all = found.found < found.wanted && (found.found > 0 || page.offset < candidates);
        return {
          items: found.rows.map(toCatalogueItem),
          total: all ? found.found : estimate,
          approximate: !all,
        };
      }
      if (order === 'index') {
        tier = undefined;
      } else {
        const held = sliceHeld(slice, await this.popularityBounds(), minPopularity, media);
        slice = nextSlice(held, found, media, this.exactSearchLimit(media));
      }
    }
    return undefined;
  }

  /**
   * The page of ranking every match, from the title matches alone (`titled.among` whose rank
   * vector matches), when they fill it: without a bonus every other match ranks 0 and follows
   * them. Asked when there were more of them than searchBounded collects ('Mathe Jahreszeiten',
   * 1,571 title matches of 7,597 at a million media, every medium of mathematics having the
   * subject's name in its rank vector: 25 ms to rank every match, 6 the title matches); the
   * total is the estimate. Undefined with a bonus (a match with the whole words and no title
   * match ranks 1, above title matches without them) or when they are too few for the page.
   */
  private async titleMatchesPage(
    tsQuery: SQL,
    page: Page,
    estimate: number,
    titled: TitleMatches,
  ): Promise<SearchResult | undefined> {
    if (titled.wholeWanted !== undefined || titled.whole !== undefined) {
      return undefined;
    }
    const ranked = await this.repository.searchRanked(
      sql`${titled.among} AND m.rank_vector @@ ${tsQuery}`,
      tsQuery,
      [],
      page,
    );
    const found = ranked.total ?? 0;
    return found < page.offset + page.limit
      ? undefined
      : {
          items: ranked.rows.map(toCatalogueItem),
          total: Math.max(estimate, found),
          approximate: true,
        };
  }

  /** Every match ranked (CatalogueRepository.searchRanked), with the true total. */
  private async exactPage(
    where: SQL,
    tsQuery: SQL,
    bonus: readonly SQL[],
    page: Page,
  ): Promise<SearchResult> {
    const ranked = await this.repository.searchRanked(where, tsQuery, bonus, page);
    // An empty page says the total only when it is the first (no match at all: every query
    // whose words the catalogue lacks, before its correction is searched).
    const total = ranked.total ?? (page.offset === 0 ? 0 : await this.repository.countExact(where));
    return { items: ranked.rows.map(toCatalogueItem), total, approximate: false };
  }

  /**
   * No medium matched every word: the corrected query, else its phrases' words without their
   * quotes ('"Erster Weltkrieg"' finds 'Der Erste Weltkrieg' nowhere, the words 'Erster
   * Weltkrieg' do), else the media with most words. Both are announced as the query searched
   * (`corrected`), so that the page offers the query as typed. `expansions` and `facts`: what
   * the search found of the words (see correction).
   */
  private async searchWithoutAllWords(
    query: CatalogueSearchQuery & { q: string },
    scope: SearchScope,
    {
      facts,
      expansions,
    }: { facts?: WordFacts | undefined; expansions?: WordExpansions | undefined },
  ): Promise<SearchResult> {
    const { instead, partialText: text } = await this.queriesInstead(query, { expansions, facts });
    for (const q of instead) {
      const result = await this.searchUncached({ ...query, q }, scope, false);
      if (result.total > 0) {
        return { ...result, corrected: q };
      }
    }
    const { words, phrases, parts } = await this.partialParts(text);
    if (parts.length < 2) {
      return { items: [], total: 0, approximate: false };
    }
    const page = { offset: (query.p ?? 0) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE };
    const any = anyPart(parts);
    const { where, whereToEstimate } = searchConditions({ ...query, q: undefined }, any, scope);
    // Ranked by how many of the words each matches, then by how rare they are, then relevance.
    const found = await this.rankedPage(
      where,
      any,
      await this.rarerWordsFirst(parts),
      page,
      await this.partialEstimate(
        { ...query, q: undefined },
        scope,
        words,
        phrases,
        whereToEstimate,
      ),
      { oneWord: false, estimated: false },
    );
    return {
      ...found,
      ...(found.total > 0 && { partial: true }),
      ...(found.total > 0 && text !== query.q && { corrected: text }),
    };
  }

  /**
   * The bonus of a partial search: each part's tsquery, weighted by how rare the planner's
   * statistics say it is (rarityWeight), so that of media with as many of the words those with
   * the rarer ones come first ('1. Weltkrieg': 'Der Zweite Weltkrieg' before 'Erste Hilfe';
   * 'NS-Zeit': what is filed under Nationalsozialismus before 'Steinzeit').
   */
  private async rarerWordsFirst(parts: readonly TsQueryPart[]): Promise<SQL[]> {
    const statistics = await this.searchVectorStatistics();
    const media = await this.publishedMedia();
    const lexemes = await this.stems.lexemesOf(stemmedWords(parts));
    return parts.map((part) => {
      const tsQuery = new TextTsQuery([part]);
      if (statistics === undefined) {
        return tsQuery;
      }
      const share = expectedShare([part], statistics, (word) => lexemes.get(word) ?? []);
      return new WeightedTsQuery(tsQuery, rarityWeight(share, media, parts.length));
    });
  }

  /**
   * What is searched, in turn, for a query that no medium matched with every word: its
   * correction, then its phrases' words without their quotes (`instead`, as typed with `exact`:
   * none), then the media with most words of the last of them (`partialText`).
   */
  private async queriesInstead(
    query: CatalogueSearchQuery & { q: string },
    {
      facts,
      expansions,
    }: { facts?: WordFacts | undefined; expansions?: WordExpansions | undefined },
  ): Promise<{ instead: string[]; partialText: string }> {
    if (query.exact !== undefined) {
      return { instead: [], partialText: query.q };
    }
    const corrected = await this.correction(query.q, { expansions, facts, complete: false });
    const unquoted = withoutPhrases(corrected ?? query.q);
    return {
      instead: [corrected, unquoted].filter((q) => q !== undefined),
      partialText: unquoted ?? corrected ?? query.q,
    };
  }

  /**
   * The planner's estimate of the media matching any part of a query. A phrase's estimate is far
   * too high (textQuery's `phrased`), so with phrases the words alone are judged: walking for
   * candidates is chosen only when they find enough of them, else (undefined) every match is
   * ranked.
   */
  private async partialEstimate(
    filters: CatalogueSearchQuery,
    scope: SearchScope,
    words: TsQueryPart[],
    phrases: TsQueryPart[],
    whereToEstimate: SQL,
  ): Promise<number | undefined> {
    if (phrases.length === 0) {
      return this.estimate(whereToEstimate);
    }
    if (words.length === 0) {
      return undefined;
    }
    return this.estimate(searchConditions(filters, anyPart(words), scope).whereToEstimate);
  }

  /**
   * The tsquery of a free text, its words expanded to compounds and parts from the vocabulary;
   * with `whole`, the query without those expansions when there are any (whole-word matches
   * rank first), and what the vocabulary said of each word.
   */
  private async textQuery(text: string | undefined): Promise<
    | {
        tsQuery: SQL;
        whole: SQL | undefined;
        expansions: WordExpansions;
        /** A single word, not widened by the vocabulary. */
        oneWord: boolean;
        /** The planner's estimate of the text's matches in the public catalogue, when asked. */
        textMatches?: number;
        /**
         * Whether it holds a phrase in quotes of two words or more that are not stop words
         * (a phrase's estimate counts the media with all its words, as the planner cannot see
         * their order: 141,000 for '"Zelle Zucker Photosynthese"', of which 225 match at a
         * million media). '"Geometrische keine"' is the word 'geometrisch' alone: ranking every
         * one of its matches as those of a phrase took 600 ms.
         */
        phrased: boolean;
      }
    | undefined
  > {
    if (text === undefined) {
      return undefined;
    }
    const { phrases, rest } = queryPhrases(text);
    const [first, ...others] = queryWords(rest);
    const alone = phrases.length === 0 && others.length === 0 ? first : undefined;
    const [found, phraseStems] = await Promise.all([
      this.wordExpansions(queryWords(text), typedPrefix(text)),
      this.stems.of(phrases.flat()),
    ]);
    const phrased = phrases.some(
      (phrase) => phrase.filter((word) => (phraseStems.get(word) ?? null) !== null).length > 1,
    );
    const { expansions, textMatches } = await this.withoutBroadExpansions(found, alone);
    const parted = searchTsQuery(text, expansions);
    if (parted === undefined) {
      return undefined;
    }
    const tsQuery = await this.withAlternativesTogether(parted, queryWords(rest));
    const expanded = [...expansions.values()].some(widens);
    return {
      tsQuery,
      whole: expanded ? searchTsQuery(text) : undefined,
      expansions,
      oneWord: !expanded && alone !== undefined,
      ...(textMatches !== undefined && { textMatches }),
      phrased,
    };
  }

  /**
   * `tsQuery` matched as one tsquery where its whole words beside its widened ones are frequent
   * in the search vectors (alternativesTogether). Each alternative of a widened word is an `@@`
   * of its own, and the planner adds the other words to each, so GIN reads their posting lists
   * once an alternative: 'gewinnen Urkenes Pilze' ('gewinn' in 59 % of the media, 'pilz' in
   * 11 %, 'Urkenes' with 20 completions) read them 21 times, 65 of the statement's 67 ms at a
   * million media; as one tsquery 10 ms. `words` are the query's words outside phrases.
   */
  private async withAlternativesTogether(
    tsQuery: TextTsQuery,
    words: readonly string[],
  ): Promise<TextTsQuery> {
    if (!tsQuery.parts.some((part) => part.anyOf.length > 1)) {
      return tsQuery;
    }
    const [stems, statistics] = await Promise.all([
      this.stems.of(words),
      this.searchVectorStatistics(),
    ]);
    const lexemes = words.map((word) => stems.get(word) ?? undefined);
    return alternativesTogether(tsQuery, lexemes, statistics?.shares ?? new Map())
      ? new TextTsQuery(tsQuery.parts, true)
      : tsQuery;
  }

  /**
   * What each of the folded query `words` also matches in the vocabulary (expandWords), the
   * word still being typed (`typed`) its completions: from the vocabulary in memory at its
   * current version, with the stems PostgreSQL gives (the search vector's stemmer), remembered.
   */
  async wordExpansions(words: readonly string[], typed?: string): Promise<WordExpansions> {
    const vocabulary = await this.vocabulary.at(await this.vocabularyVersion());
    const stems = await this.stems.of(textsToStem(vocabulary, words, typed));
    return expandWords(vocabulary, words, typed, (text) => stems.get(text) ?? undefined);
  }

  /**
   * The expansions without those of broad words: a word the planner expects in more media than
   * are ranked exactly (exactSearchLimit) keeps only itself. Its compounds, parts and completions
   * would rank below every one of its own matches, further down than anyone pages, yet the
   * popularity-ordered search for the most popular candidates paid for each of them: 'Leben Karte'
   * with 25 expansions took 394 ms from the RUM index at a million media, without them 22 ms.
   *
   * A query of one word (`alone`) is judged by the estimate of its expanded tsquery first: at
   * most the limit, the word alone is not broad either, and that estimate is the query's own in
   * the public catalogue without filters (`textMatches`), which the search then need not ask
   * again (an EXPLAIN costs about 0.7 ms at a million media).
   */
  private async withoutBroadExpansions(
    expansions: WordExpansions,
    alone: string | undefined,
  ): Promise<{ expansions: WordExpansions; textMatches?: number }> {
    const limit = this.exactSearchLimit(await this.publishedMedia());
    const matches = (word: string, expansion?: WordExpansion) =>
      this.estimate(
        searchConditions({}, new TextTsQuery([wordPart(word, expansion)])).whereToEstimate,
      );
    const only = alone === undefined ? undefined : expansions.get(alone);
    if (alone !== undefined && only !== undefined && widens(only)) {
      const expanded = await matches(alone, only);
      if (expanded <= limit) {
        return { expansions, textMatches: expanded };
      }
      const itself = await matches(alone);
      return itself > limit
        ? { expansions: new Map(expansions).set(alone, unwidened(only)), textMatches: itself }
        : { expansions, textMatches: expanded };
    }
    const judged = await Promise.all(
      [...expansions].map(async ([word, expansion]) => {
        const broad = widens(expansion) && (await matches(word)) > limit;
        return [word, broad ? unwidened(expansion) : expansion] as const;
      }),
    );
    return { expansions: new Map(judged) };
  }

  /**
   * On a query's first page, its correction when it has one ('Meinten Sie …'); none is looked
   * for when the vocabulary knows every word (`expansions`), as a correction keeps known words.
   */
  private async withSuggestion(
    query: CatalogueSearchQuery,
    fallback: boolean,
    result: SearchResult,
    expansions?: WordExpansions,
    facts?: WordFacts,
  ): Promise<SearchResult> {
    if (!fallback || query.q === undefined || query.exact !== undefined || (query.p ?? 0) > 0) {
      return result;
    }
    if (queryWords(query.q).every((word) => isKnown(word, expansions))) {
      return result;
    }
    const suggestion = await this.correction(query.q, { expansions, facts, complete: true });
    return suggestion === undefined ? result : { ...result, suggestion };
  }

  /**
   * The query with each word the catalogue does not know replaced by the most similar word it
   * knows, spelled as the titles spell it (typing errors: 'Fotosynthse Film' becomes
   * 'Photosynthese Film'); undefined when no word changes. A word that `expansions` found as
   * part of the vocabulary's compounds is not misspelled, though no medium has it on its own
   * ('Kreislauf' in 'Blutkreislauf': 'Meinten Sie „Blutkreislauf“?' was offered, and 'Teilung
   * Vulkan' searched as 'teil Vulkan').
   *
   * `complete`: offered beside what the query found ('Meinten Sie'). Then the word still being
   * typed becomes its most frequent completion when `expansions` found one ('Photosynthese Bot'
   * becomes 'Photosynthese Botanik'): it is not misspelled, only unfinished; and a compound of
   * known words stays, as its parts found what it means ('Ökosystemwald' was offered
   * 'Ökosystem'). Searched instead of a query that found nothing, such a compound becomes its
   * nearest word ('Kernkraftwerk', no medium with 'Kernkraft' and 'Werk': 'Kernkraft').
   * `facts`: what the catalogue holds of the words, when the search has asked already.
   */
  private async correction(
    text: string,
    {
      expansions,
      facts,
      complete,
    }: {
      expansions?: WordExpansions | undefined;
      facts?: WordFacts | undefined;
      complete: boolean;
    },
  ): Promise<string | undefined> {
    const typed = complete ? typedCompletion(text, expansions) : undefined;
    const completed =
      typed !== undefined && !(await this.inCatalogue(typed.typed, facts)) ? typed : undefined;
    const unknown = queryWords(text).filter(
      (word) =>
        !isKnown(word) &&
        !inCompounds(word, expansions) &&
        !(complete && ofKnownParts(word, expansions)) &&
        word !== completed?.typed,
    );
    const replaced = new Map([
      ...(unknown.length === 0
        ? []
        : await this.similarWords(unknown, facts, (word) => !ofKnownParts(word, expansions))),
      ...(completed === undefined ? [] : [[completed.typed, completed.stem] as const]),
    ]);
    if (replaced.size === 0) {
      return undefined;
    }
    const spellings = await this.repository.spellings([...replaced.values()]);
    return text
      .split(/([\s\p{P}]+)/u)
      .map((token) => {
        const [folded] = queryWords(token);
        const stem = folded === undefined ? undefined : replaced.get(folded);
        return stem === undefined ? token : (spellings.get(stem) ?? stem);
      })
      .join('')
      .trim();
  }

  /**
   * Whether the search vectors hold `word` (folded) as a word of its own (`facts`, when they hold
   * it, else asked): then it is no unfinished word. 'KI', in the texts of the media on artificial
   * intelligence but in no title or keyword, was offered as 'Meinten Sie „Kinder“?'.
   */
  private async inCatalogue(word: string, facts: WordFacts | undefined): Promise<boolean> {
    const held = facts?.stems.find((stem) => stem.raw === word);
    const stem = held ?? (await this.repository.wordStems([word])).stems[0];
    return stem?.inCatalogue === true;
  }

  /**
   * Each of `words` (folded) that the catalogue has nowhere, with the most similar word of its
   * vocabulary (trigrams, in memory: see vocabulary.ts) when that is another word, else, where
   * `byStart` allows, the longest word of the vocabulary it starts with, as a compound with an
   * unknown last part does ('Energiewende': 'Energie', 'Waldrand': 'Wald'; a compound of known
   * words is searched as its parts instead). `facts`, when given, hold at least these words.
   */
  private async similarWords(
    words: readonly string[],
    facts: WordFacts | undefined,
    byStart: (word: string) => boolean,
  ): Promise<[string, string][]> {
    const { stems, vocabulary } = facts ?? (await this.repository.wordStems(words));
    const misspelled = stems.filter((word) => !word.inCatalogue && words.includes(word.raw));
    if (misspelled.length === 0) {
      return [];
    }
    const known = await this.vocabulary.at(vocabulary);
    return misspelled.flatMap(({ raw, stem }) => {
      const similar =
        known.mostSimilar(stem) ?? (byStart(raw) ? known.longestStart(stem, MIN_PART) : undefined);
      return similar === undefined || similar === stem ? [] : [[raw, similar]];
    });
  }

  /**
   * The facets of the media a search shows: of its query, or, when no medium has every word, of
   * what the search shows instead (queriesInstead): its correction, or the media with most
   * words. The filters offered nothing for 'Fotosynthse', though its results were the media of
   * 'Photosynthese'. Without the search's pages, which facets do not need: asking the search
   * for them took 15 statements for four words in no medium, 8 without (114 → 103 ms).
   */
  private async distinctUncached(
    query: CatalogueDistinctQuery,
    scope: SearchScope,
  ): Promise<CatalogueDistinct> {
    const text = await this.textQuery(query.q);
    const asked = await this.facetsOf(query, scope, text);
    if (asked.counted > 0 || query.q === undefined) {
      return asked.facets;
    }
    const { instead, partialText } = await this.queriesInstead(
      { ...query, q: query.q },
      text === undefined ? {} : { expansions: text.expansions },
    );
    for (const q of instead) {
      const found = await this.facetsOf({ ...query, q }, scope, await this.textQuery(q));
      if (found.counted > 0) {
        return found.facets;
      }
    }
    const { phrases, parts } = await this.partialParts(partialText);
    if (parts.length < 2) {
      return asked.facets;
    }
    // Sampled in table order where the planner expects many of its words ('Tortilen London
    // Stromkreis einteilen': 92 → 31 ms at a million media), but from the index when a part is
    // widened by the vocabulary, whose lexemes the planner overestimates (see facetsOf).
    const any = anyPart(parts);
    const widened = parts.some((part) => part.anyOf.length > 1);
    const partial = {
      tsQuery: any,
      whole: widened ? any : undefined,
      oneWord: false,
      phrased: phrases.length > 0,
    };
    return (await this.facetsOf({ ...query, q: partialText }, scope, partial)).facets;
  }

  /** The parts of a free text for the media with most of them (partialTsQueryParts). */
  private async partialParts(
    text: string,
  ): Promise<{ words: TsQueryPart[]; phrases: TsQueryPart[]; parts: TsQueryPart[] }> {
    const { words, phrases } = partialTsQueryParts(
      text,
      await this.wordExpansions(queryWords(text), typedPrefix(text)),
    );
    return { words, phrases, parts: [...words, ...phrases] };
  }

  /** The facets of `query` with its text as `text` (textQuery), and how many media were counted. */
  private async facetsOf(
    query: CatalogueDistinctQuery,
    scope: SearchScope,
    text: FacetText | undefined,
  ): Promise<{ facets: CatalogueDistinct; counted: number }> {
    const { where, whereToEstimate, tsQuery } = searchConditions(query, text?.tsQuery, scope);
    const estimate = await this.matchesEstimate(
      query,
      scope,
      whereToEstimate,
      tsQuery,
      async () => this.tuning.exactFacetLimit,
      text?.textMatches === undefined ? {} : { textMatches: text.textMatches },
    );
    const sampleSize =
      estimate > this.tuning.exactFacetLimit ? this.tuning.facetSampleSize : undefined;
    // The RUM index holds the published media: a pool or licence would be one more filter. A
    // word in more than about a fifth of them is found fastest by reading the table in order;
    // the RUM index first reads its whole posting list (at a million media 'Film', 39 %: 77 ms
    // from the index, 18 ms from the table; 'Nahrung', 13 %: 19 ms, 44 ms from GIN's bitmap).
    // It merges the posting lists of several words slowly: 'Lebens Schule' 80 ms before its
    // first match, 11 ms reading the table.
    const streamed =
      text?.oneWord === true &&
      !isFiltered(query) &&
      isPublicCatalogue(scope) &&
      estimate * 5 <= (await this.publishedMedia());
    const fromTextIndex = streamed && (await this.popularTextIndex());
    // A scan in table order reads sample · N / M rows for a sample of M matches among N media
    // (1.4 µs each at a million), an index first collects all M (0.4 µs each or more): the scan
    // is taken for M² >= 3 · sample · N ('c=apps', 13 %: 61 → 11 ms; 'Zelle' among the books,
    // 6 %: 42 → 20 ms; 'Lösung', 0.3 %, would take 4 → 90 ms). Not for a text widened by the
    // vocabulary: the planner expects thousands of media for each of its compounds and
    // completions, and the scan tests each of them on every row ('Gennene' with 21 completions
    // at a million media: about 10,000 matches, 58,000 expected; 95,000 rows read for the sample
    // in 221 ms, 10 ms from the index).
    const sample =
      sampleSize === undefined
        ? undefined
        : {
            size: sampleSize,
            fromTextIndex,
            inTableOrder:
              !fromTextIndex &&
              text?.whole === undefined &&
              estimate ** 2 >= TABLE_ORDER_SAMPLE_COST * sampleSize * (await this.publishedMedia()),
          };
    // Sampled from the popular tier when it should hold a full sample (and from the whole index
    // when it did not): a tenth of the posting list to read before the first match. So are
    // several words without filters, phrases or widened ones, which GIN otherwise ANDs in
    // every medium first ('Unterricht Stochastik', 36,000 matches at a million media: its facets
    // 19.5 → 6.5 ms, 10 of them GIN's AND).
    const severalWords =
      text?.oneWord === false &&
      !text.phrased &&
      text.whole === undefined &&
      !isFiltered(query) &&
      isPublicCatalogue(scope);
    const tier =
      sample !== undefined && (sample.fromTextIndex || (severalWords && !sample.inTableOrder))
        ? await this.popularTier(sample.size, estimate)
        : undefined;
    const inTier =
      tier === undefined || sample === undefined
        ? undefined
        : await this.repository.facetCounts(
            // The tier's index and the popular-first one are RUM indexes (popularWhere).
            alternativesApart(where),
            query.f,
            { ...sample, minPopularity: tier },
            query.geb_parent,
          );
    const { counted, values } =
      inTier !== undefined && inTier.counted >= (sample?.size ?? 0)
        ? inTier
        : await this.repository.facetCounts(
            fromTextIndex ? alternativesApart(where) : where,
            query.f,
            sample,
            query.geb_parent,
          );
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
        .sort((a, b) =>
          field === 'fn_adressat'
            ? (STAGE_ORDER.get(a.value) ?? 0) - (STAGE_ORDER.get(b.value) ?? 0)
            : b.count - a.count || a.text.localeCompare(b.text, 'de'),
        );
    }
    return { facets: result, counted };
  }

  /**
   * The planner's estimate of the media matching `where`: asked of it (EXPLAIN: 0.4-0.9 ms at a
   * million media, a tenth of a rare word's search), or, for a text of the public catalogue
   * without filters (PublicTextConditions), worked out here as it does from the statistics it
   * uses (expectedShare) and the estimate of the published media.
   */
  private async estimate(where: SQL): Promise<number> {
    const statistics =
      where instanceof PublicTextConditions ? await this.searchVectorStatistics() : undefined;
    if (statistics !== undefined && where instanceof PublicTextConditions) {
      const parts = where.tsQuery.parts;
      const lexemes = await this.stems.lexemesOf(stemmedWords(parts));
      const share = expectedShare(parts, statistics, (word) => lexemes.get(word) ?? []);
      return expectedMatches(share, await this.publishedMedia());
    }
    return this.repository.estimateCount(where);
  }

  /**
   * The planner's estimate of the matches of `whereToEstimate` (SearchConditions). The words of a
   * subject area's name come together far more often than the planner, taking them as
   * independent, expects ('Bildende Kunst' 2,298 expected, 32,051 matches at a million media;
   * 'Farbtechnik und Raumgestaltung' 124 and 11,169): when it expects few enough of them (at most
   * `limit`) for the public catalogue without filters, the search index's count of their entries
   * (indexedMatches, media of every status) stands in when it is higher. Counting every several-word query cost up to
   * 13 ms ('Wasser sparen'); elsewhere its estimate was near the count or above it.
   *
   * With `countedAbove`, an estimate above it and at most `limit` is counted in the index too
   * (public catalogue, no filters) and the count stands in: it decides between ranking every
   * match and the bounded search, and is the total the bounded search shows. The planner knows
   * the frequent words only (its statistics) and expects the same of every other one: 2,759 at
   * a million media for words in 1 to 5,600 media.
   */
  private async matchesEstimate(
    query: SearchFilters,
    scope: SearchScope,
    whereToEstimate: SQL,
    tsQuery: SQL | undefined,
    limit: () => Promise<number>,
    { textMatches, countedAbove }: { textMatches?: number; countedAbove?: number } = {},
  ): Promise<number> {
    const counted = tsQuery !== undefined && !isFiltered(query) && isPublicCatalogue(scope);
    const estimate =
      textMatches !== undefined && counted ? textMatches : await this.estimate(whereToEstimate);
    if (!counted || estimate > (await limit())) {
      return estimate;
    }
    const together =
      query.q !== undefined && queryWords(query.q).length > 1 && namesSubjectArea(query.q);
    if (together) {
      return Math.max(estimate, await this.repository.indexedMatches(tsQuery));
    }
    return countedAbove !== undefined && estimate > countedAbove
      ? this.repository.indexedMatches(tsQuery)
      : estimate;
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

/**
 * Whether a folded query word needs no correction: the vocabulary holds its stem (as far as
 * `expansions` say), or it stands for something else (synonymOf: 'mathe' stands for Mathematik,
 * suggesting 'Mathematik' instead said it was wrong).
 */
function isKnown(word: string, expansions?: WordExpansions): boolean {
  return expansions?.get(word)?.known === true || synonymOf(word) !== undefined;
}

/**
 * Whether the vocabulary holds compounds of `word` (`expansions`): then it is a word, though no
 * medium may have it on its own ('Kreislauf' in 'Blutkreislauf').
 */
function inCompounds(word: string, expansions?: WordExpansions): boolean {
  return (expansions?.get(word)?.compounds.length ?? 0) > 0;
}

/** Whether `word` is a compound of words of the vocabulary ('Ökosystemwald': `expansions`). */
function ofKnownParts(word: string, expansions?: WordExpansions): boolean {
  return (expansions?.get(word)?.parts.length ?? 0) > 0;
}

/**
 * The word still being typed (typedPrefix) and its most frequent completion (`expansions`), when
 * it is not a known word itself (isKnown, or one of its completions: 'Tee' is not 'Teekanne').
 */
export function typedCompletion(
  text: string,
  expansions?: WordExpansions,
): { typed: string; stem: string } | undefined {
  const typed = typedPrefix(text);
  const completions = typed === undefined ? [] : (expansions?.get(typed)?.completions ?? []);
  const [stem] = completions;
  return typed === undefined ||
    stem === undefined ||
    completions.includes(typed) ||
    isKnown(typed, expansions)
    ? undefined
    : { typed, stem };
}

/** `load`, asked once when first needed. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= load());
}

/** `load`, asked again once its answer is `ttlMs` old (every time for 0). */
function refreshedEvery<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let last: { value: T; at: number } | undefined;
  return async () => {
    const now = Date.now();
    if (last === undefined || now - last.at >= ttlMs) {
      last = { value: await load(), at: now };
    }
    return last.value;
  };
}

/**
 * Whether the newest `positions` of about `estimate` matches among `media` are found by sorting
 * the matches rather than by walking the newest-first index: the walk visits about positions · N
 * / M media, sorting reads all M, each a row (about 5 µs at a million media), so sorting is
 * taken up to where both read as many. The planner walks for fewer matches, trusting its
 * estimate, which takes filters for independent: a Mediathek and an audience (825 media, 2,965
 * expected) walked 29,000 media, 142 ms; sorted, 6 ms.
 */
export function newestBySorting(estimate: number, positions: number, media: number): boolean {
  return estimate ** 2 <= positions * media;
}

/**
 * How many matches a slice of the most popular media should hold so that it holds the `wanted`
 * ones: twice as many, or, where the estimate is the planner's for one word alone (from its
 * statistics, a sample of 30,000 rows), a quarter more and four standard deviations of how many
 * a slice holds by chance. Several words, filters and a word's compounds the planner takes for
 * independent or does not know, and the most popular media hold some words less densely than
 * the rest. Page 100 of 'Chromosomen' at 100,000 media on PGlite (2,400 wanted): 4,734 rows
 * read and sorted, 32 ms; 3,196 rows, 22 ms.
 */
export function sliceMatches(wanted: number, estimated: boolean): number {
  return estimated ? 1.25 * wanted + 4 * Math.sqrt(wanted) : 2 * wanted;
}

/**
 * How many media a slice asked to hold `asked` of the `media` held, read from `floor` on: the
 * floor is the bound of the histogram's part at or below the share asked (floorForShare), so the
 * slice holds up to a part more. Widened from what was asked, the next slice was too narrow
 * ('Enes' at a million media: 18,342 media read for about 12,000 asked, the next slice held 213
 * of the 240 matches wanted, and a third slice was read: 31 → 9 ms).
 */
export function sliceHeld(
  asked: number,
  bounds: readonly number[],
  floor: number,
  media: number,
): number {
  return Math.max(asked, shareAtLeast(bounds, floor) * media);
}

/**
 * After a slice of `slice` most popular media (as many as its floor read: sliceHeld) held fewer
 * matches than wanted: the next, wider slice (at least twice as wide; one that should hold, by
 * the share found in this one, a quarter more than the matches wanted and four standard
 * deviations, as sliceMatches asks of a share the planner knows, as this one was counted; 8
 * times as wide after none), or 'exact' when the planner overestimated (ORs of rare words: a
 * prefix's completions, compounds) and the catalogue holds, at this slice's density, a quarter
 * of `exactLimit` matches or fewer: ranking them all is then cheaper and exact, total included.
 * A slice without any match says too little (the popular media may just not be among them). At a million media a wider slice cost 10-40
 * ms, most of it its range of the popularity index ('zibam', estimated at 10,697: 51 matches in
 * a first slice of 45,000 media, 39 ms for the second; ranking all its 1,226 matches 6 ms);
 * ranking costs about 5 µs a match (6,472: 32 ms).
 */
export function nextSlice(
  slice: number,
  found: { found: number; wanted: number },
  media: number,
  exactLimit: number,
): number | 'exact' {
  if (found.found > 0 && (found.found * media) / slice <= exactLimit / 4) {
    return 'exact';
  }
  const widening = found.found === 0 ? 8 : sliceMatches(found.wanted, true) / found.found;
  return slice * Math.max(2, widening);
}

/**
 * Whether the `candidates` most popular of about `matches` media among `media` are found for
 * less than ranking every match costs: from the RUM index or a walk (popularFirst), or from a
 * slice of the popularity index at most SLICE_PER_MATCH times as wide as the matches
 * ('Naturschutz', a subject area with 2,614 matches at a million media: its slice of 92,000
 * media took 29 ms, ranking every match 10). The `tierMedia` of a popular tier with a RUM index
 * do not count: a slice reads them from the tier's index, and only the rest beside the
 * popularity index (tierBelow; 'Kunst vor 1945' 27.5 → 8.6 ms, the synonyms side by side 1.06
 * times the requests a second, though a few areas with fewer matches than the planner expects
 * now read a slice before ranking every match: 'Labortechnologie' 3.7 → 12.9 ms). Asked of the
 * broad candidates whatever the page, so that every page of a query takes the same way.
 */
export function browsingPays(
  candidates: number,
  media: number,
  matches: number,
  indexed: boolean,
  tierMedia = 0,
): boolean {
  return (
    popularFirst(candidates, media, matches, indexed) !== 'sort' ||
    (candidates * media) / Math.max(1, matches) - tierMedia <= SLICE_PER_MATCH * matches
  );
}

/**
 * How the `wanted` most popular of about `matches` media among `media` are found (PopularFirst).
 * Walking the popularity index visits about W · N / M media, each a search-vector check, so it
 * pays only for very broad words: at 1M media a word in 63,000 took 17 ms from the RUM index and
 * 341 ms walking, one in 100,000 about 45 ms either way, one in 153,000 247 ms from the index and
 * 2.5 ms walking. Otherwise one word comes from the RUM index where there is one (`indexed`),
 * anything else is sorted from a slice of the most popular media: the RUM index merges the
 * posting lists of several words slowly ('Weilo' with its 20 compounds, 27,000 matches: 148 ms
 * from the index, 16 ms from a slice; the single word 'Technik': 9 ms from the index, 20 ms from
 * a slice). Filters make the walk visit more media for each match but leave the cost of the
 * index and of a slice's bitmap at the text's own matches (`textMatches`): 'Energie' (642,000
 * media) for the audience BB* and kind media (76,662): 180 ms from the RUM index, 15 ms walking.
 */
export function popularFirst(
  wanted: number,
  media: number,
  matches: number,
  indexed: boolean,
  textMatches = matches,
): PopularFirst {
  const visits = (wanted * media) / Math.max(1, matches);
  if (visits * 40 < textMatches) {
    return 'walk';
  }
  return indexed ? 'index' : 'sort';
}
