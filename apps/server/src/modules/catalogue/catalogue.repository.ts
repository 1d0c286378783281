import { subjectAreaName, type FacetField } from '@medienkatalog/domain';
import { SQL, sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Database } from '../../db/client.ts';
import { cardMediumColumns, withoutVersion, type CardMedium } from '../auth/access.repository.ts';
import { tallyFacets, type FacetGroup, type FacetTally } from './facet-tally.ts';
import { textArray } from './search-filters.ts';
import { matches } from './search-text.ts';
import type { SuggestionSource } from './suggestions.ts';
import type { SearchVectorStatistics } from './text-estimate.ts';
import type { VocabularyWord } from './vocabulary.ts';
import type { TextStems } from './word-expansions.ts';

/** The partial index of the popular tier's search vectors (popular-tier.ts). */
export const POPULAR_TIER_INDEX = 'media_search_tier_idx';

/**
 * The relevance of a medium: cover density of the query in its rank vector, plus a whole-number
 * bonus where there is one (how many of the `bonus` tsqueries it matches: the query's words or
 * whole words), so more of those always rank first: beside a bonus the density d counts as
 * d / (1 + d), below 1 and in the same order, as cover density itself exceeds 1 where a short
 * title repeats a word ('Zellteilung, Zellteilung, Zellteilung': 2.16, above a medium with the
 * whole word 'Teilung' in its text alone). Cover density is computed only where the
 * rank vector matches: it is 0 elsewhere anyway, and it costs about 28 µs a medium for a word
 * with 20 compounds (at a million media 'Merka Brüche' spent 135 of its 275 ms on it, for 4,758
 * matches of which 43 match in titles or keywords). For the same reason a medium matching the
 * one bonus tsquery (the query without its compounds and parts) is ranked by the cover density
 * of that tsquery, its few words, not of every expansion ('Kultur und Gestaltung', 7,350 matches,
 * 7,032 of them with the whole words: 200 of its 250 ms went into cover density).
 */
function rankOf(
  vector: SQL,
  tsQuery: SQL,
  bonus: { count: SQL; tsQueries: readonly SQL[] } | undefined,
): SQL {
  const density = (query: SQL) =>
    sql`CASE WHEN ${vector} @@ ${query} THEN ts_rank_cd(${vector}, ${query}, 1) ELSE 0 END`;
  const belowOne = (query: SQL) => sql`(1 - 1 / (1 + (${density(query)})::float8))`;
  const [whole, ...more] = bonus?.tsQueries ?? [];
  if (bonus === undefined || whole === undefined) {
    return density(tsQuery);
  }
  // Several (the words of a partial search, weighted): how many match, then how rare they are,
  // then the density, below a tenth.
  return more.length === 0
    ? sql`CASE WHEN ${bonus.count} > 0 THEN 1 + ${density(whole)} ELSE ${belowOne(tsQuery)} END`
    : sql`(${bonus.count} + 0.1 * ${belowOne(tsQuery)})`;
}

/**
 * A tsquery of a bonus that counts `weight` when matched, at least 1 and, over all the bonus's
 * tsqueries matched, less than one more than their number (rarityWeight).
 */
export class WeightedTsQuery extends SQL {
  constructor(
    tsQuery: SQL,
    readonly weight: number,
  ) {
    super(tsQuery.queryChunks);
  }
}

/**
 * How many of `bonus` (tsqueries) medium `m` matches, checking its search vector, which is in the
 * row (migration 0023). Reading the matches of each from the full-text index instead (a CTE per
 * tsquery, from when the vectors were TOASTed) read every match's heap page twice: at a million
 * media 'Holztechnik' with its parts, 7,057 matches, 34 ms that way, 23 ms so.
 */
function bonusOf(bonus: readonly SQL[]): SQL | undefined {
  return bonus.length === 0
    ? undefined
    : sql.join(
        bonus.map((tsQuery) =>
          tsQuery instanceof WeightedTsQuery
            ? sql`(m.search_vector @@ ${tsQuery})::int * ${tsQuery.weight}::float8`
            : sql`(m.search_vector @@ ${tsQuery})::int`,
        ),
        sql` + `,
      );
}

/**
 * How the most popular matches of a text query are found:
 * - `walk`: along the popularity index, checking each medium's search vector (cheap when
 *   matches are dense);
 * - `sort`: all matches from the full-text index, sorted (cheap when they are sparse; `+ 0` keeps
 *   the planner off the popularity index, which it prefers whenever it overestimates the
 *   matches: a word estimated at 23,000 matches that had 6,700 took 560 ms walking, 140 ms
 *   sorted, at 1M); with a popularity floor (searchBounded's `minPopularity`) only the matches
 *   in that slice of the popularity index are read and sorted;
 * - `index`: in popularity order out of the RUM index (hasPopularTextIndex), which holds each
 *   medium's popularity in its posting lists. Ties come in the index's order, not by id.
 */
export type PopularFirst = 'walk' | 'sort' | 'index';

/**
 * The title matches searchBounded ranks beside its candidates: the media of `among` (a search's
 * conditions without its text) whose rank vector matches, at most `most` of them.
 */
export interface TitleMatches {
  among: SQL;
  most: number;
  /**
   * With a bonus (whole words, ranked above matches through expansions only): how many of the
   * popular candidates must match it, so that those ranked by their bonus alone are among them
   * (the page's last position); fewer say `wholeShort`.
   */
  wholeWanted?: number;
  /**
   * The whole words' tsquery (the bonus), when they are in few media: its matches are collected
   * with the title matches, all of them, instead of being looked for among the popular ones.
   */
  whole?: SQL;
}

/** Per PopularFirst: the order, and the condition that lets the planner use its index. */
const POPULAR_FIRST: Record<PopularFirst, { orderBy: SQL; indexCondition: SQL }> = {
  walk: { orderBy: sql`m.popularity DESC, m.id DESC`, indexCondition: sql`true` },
  sort: { orderBy: sql`m.popularity + 0 DESC, m.id DESC`, indexCondition: sql`true` },
  index: {
    // The distance below the largest integer: 0 for the most popular. A second key would
    // make the planner sort every match instead of reading the index in order.
    orderBy: sql`m.popularity <=| 2147483647`,
    // The RUM index's own condition (migration 0016), true of every medium.
    indexCondition: sql`m.id > 0`,
  },
};

/**
 * The popular tier (popular-tier.ts) for a sorted slice that reaches below its floor: the floor,
 * and the search's conditions as its index reads them (alternativesApart).
 */
export interface PopularTierSlice {
  floor: number;
  where: SQL;
}

/** A row's columns, each null (an outer join that found none). */
type Nullable<Row> = { [Column in keyof Row]: Row[Column] | null };

/** Whether an outer join's card columns hold a medium. */
function isCardRow(row: Nullable<CardRow>): row is CardRow {
  return row.id !== null;
}

/** The columns a card shows (catalogue spec, section 3): what search pages and lists read. */
export interface CardRow {
  id: number;
  identifier: string;
  pool: string;
  fn_titel: string;
  fn_text: string;
  fn_kurztext: string;
  fn_adressat: string;
  fn_schlag: string;
  fn_typ: string;
  fn_prodjahr: string;
  fn_sprache: string;
  fn_laenge: string;
  fn_geb: string;
  fn_prodname: string;
  fn_herausgeber: string;
  open_access: string;
  stars: number;
  /** Whether the current user starred it, where the query asks. */
  starred?: boolean;
}

/** The columns a detail page shows: a card's and the rest of the public record. */
export interface MediumRow extends CardRow {
  fn_nr: string;
  fn_utitel: string;
  fn_paratitel: string;
  fn_langtext: string;
  fn_sertitel: string;
  fn_produ: string;
  fn_autor: string;
  fn_url: string;
  fn_beigaben: string;
  fn_aenderung: Date | string;
}

/** The live counters of media for one user (cached answers carry older ones). */
export interface MediumCounters {
  identifier: string;
  stars: number;
  starred: boolean;
}

const CARD_COLUMNS = [
  'id',
  'identifier',
  'pool',
  'fn_titel',
  'fn_text',
  'fn_kurztext',
  'fn_adressat',
  'fn_schlag',
  'fn_typ',
  'fn_prodjahr',
  'fn_sprache',
  'fn_laenge',
  'fn_geb',
  'fn_prodname',
  'fn_herausgeber',
  'open_access',
  'stars',
] as const satisfies readonly (keyof CardRow)[];

const DETAIL_COLUMNS = [
  'fn_nr',
  'fn_utitel',
  'fn_paratitel',
  'fn_langtext',
  'fn_sertitel',
  'fn_produ',
  'fn_autor',
  'fn_url',
  'fn_beigaben',
  'fn_aenderung',
] as const satisfies readonly Exclude<keyof MediumRow, keyof CardRow>[];

function columnsOf(names: readonly string[]): SQL {
  return sql.raw(names.map((column) => `m.${column}`).join(', '));
}

/**
 * The columns of CardRow, from the media table aliased `m`. A page of cards reads no more: the
 * long text and the other fields of the detail page were half the bytes of a search page's rows
 * at a million media (32 kB against 16 kB for 24 rows, 0.70 against 0.58 ms).
 */
export const cardColumns = columnsOf(CARD_COLUMNS);

/** The columns of MediumRow, from the media table aliased `m`. */
export const mediumColumns = columnsOf([...CARD_COLUMNS, ...DETAIL_COLUMNS]);

export interface Page {
  offset: number;
  limit: number;
}

type RowWithTotal = CardRow & { total: string | number | null };

function splitTotal(rows: RowWithTotal[]): { rows: CardRow[]; total: number | undefined } {
  const first = rows[0];
  return {
    rows,
    total: first?.total === undefined || first.total === null ? undefined : Number(first.total),
  };
}

export class CatalogueRepository {
  constructor(private readonly db: Database) {}

  /** The planner's estimate of how many media match (cheap: plans, does not run). */
  async estimateCount(where: SQL): Promise<number> {
    const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(
      this.db,
      sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM media m WHERE ${where}`,
    );
    const plan = row?.['QUERY PLAN'];
    const parsed = typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan;
    return typeof parsed === 'object' ? parsed[0].Plan['Plan Rows'] : 0;
  }

  /**
   * How many entries the search index holds for `tsQuery`, counted by the index alone: the
   * bitmap scan of a query that stops at its first row collects every entry, and EXPLAIN ANALYZE
   * says how many. An estimate, not a total: media of any status, and the row versions changed
   * or deleted since the last VACUUM count too. Words that come together (the name of a subject
   * area in every medium filed there) are far more frequent together than the planner, taking
   * them as independent, expects: 'frühkindliche Erziehung' 430 expected, 16,444 matches at a
   * million media; counted here in 3 ms, where ranking every match took 130 ms.
   */
  async indexedMatches(tsQuery: SQL): Promise<number> {
    // mk_indexed_matches (migration 0027) runs the plan with the settings that keep it a bitmap
    // scan, in one statement.
    const [row] = await queryRows<{ count: string | number }>(
      this.db,
      sql`SELECT mk_indexed_matches(${tsQuery}) AS count`,
    );
    return Number(row?.count ?? 0);
  }

  async countExact(where: SQL): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`SELECT count(*)::int AS count FROM media m WHERE ${where}`,
    );
    return row?.count ?? 0;
  }

  /**
   * Ranks every match (used when the planner expects few enough matches); `bonus`: tsqueries
   * each of which adds 1 to the rank of the media that match it (see rankOf).
   */
  async searchRanked(where: SQL, tsQuery: SQL, bonus: readonly SQL[], page: Page) {
    const bonusCount = bonusOf(bonus);
    const rank = rankOf(
      sql`m.rank_vector`,
      tsQuery,
      bonusCount && { count: bonusCount, tsQueries: bonus },
    );
    const rows = await queryRows<RowWithTotal>(
      this.db,
      // The rank is computed below the count of all matches (`OFFSET 0` keeps the planner from
      // moving it above): otherwise the window kept every match's rank vector to rank it after
      // ('artgerechte Haltung', 7,058 matches at a million media: 28 → 23 ms).
      sql`WITH hits AS (
            SELECT id, popularity, rank, count(*) OVER () AS total
            FROM (SELECT m.id, m.popularity, ${rank} AS rank
                  FROM media m WHERE ${where} OFFSET 0) AS matches
            ORDER BY rank DESC, popularity DESC, id DESC
            LIMIT ${page.limit} OFFSET ${page.offset})
          SELECT ${cardColumns}, hits.total FROM hits JOIN media m ON m.id = hits.id
          ORDER BY hits.rank DESC, hits.popularity DESC, hits.id DESC`,
    );
    return splitTotal(rows);
  }

  /**
   * Whether the search vector has its popularity-ordered RUM index (migration 0016: only where
   * PostgreSQL has the extension).
   */
  async hasPopularTextIndex(): Promise<boolean> {
    const [row] = await queryRows<{ found: boolean }>(
      this.db,
      sql`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = current_schema()
            AND indexname = 'media_search_popular_idx') AS found`,
    );
    return row?.found === true;
  }

  /**
   * Ranks only the most popular matches (broad queries): the first `candidates` positions are
   * those candidates by relevance, later pages continue in popularity order. How the most
   * popular matches are found is `order` (see PopularFirst). With `minPopularity`, only media at
   * least that popular are looked at (a slice of the popularity index, ANDed with the full-text
   * index's matches; at the popular tier's floor or above, the tier's index: popular-tier.ts;
   * sorted from below it with `tier`, the tier's part from its index and the rest beside it);
   * `found` says how many of the matches the page needs were there: fewer than it needs
   * (`wanted`) and a wider slice, or none, must be asked.
   *
   * With `titled`, the media among its conditions whose rank vector matches (titles, keywords,
   * subject names: every medium whose rank is above 0 without a bonus; such a medium's search
   * vector matches too, as the rank vector is its first part) join the candidates, at most
   * `titled.most` of them from the search index (media_search_idx holds the rank vector with
   * the filters): when they are all there, the first `candidates` positions are those of ranking
   * every match (the others rank 0 and follow by popularity), and `titledComplete` says so. The
   * page must then lie within the candidates.
   * With one bonus (whole words), the matches with it but without a title match rank 1 and
   * follow by popularity too: `wholeShort` says when fewer than `titled.wholeWanted` of them
   * were among the candidates; with `titled.whole`, every such match is a candidate instead.
   * `lowest` is the popularity of the least popular match looked at (of the candidates, or of
   * a later page's last row; undefined when none was found).
   */
  async searchBounded(
    where: SQL,
    tsQuery: SQL,
    bonus: readonly SQL[],
    page: Page,
    options: {
      candidates: number;
      order: PopularFirst;
      minPopularity?: number;
      titled?: TitleMatches;
      tier?: PopularTierSlice;
    },
  ): Promise<{
    rows: CardRow[];
    found: number;
    wanted: number;
    lowest?: number;
    titledComplete?: boolean;
    wholeShort?: boolean;
  }> {
    const { candidates, minPopularity, titled, tier } = options;
    const bonusCount = bonusOf(bonus);
    const { orderBy, indexCondition } = POPULAR_FIRST[options.order];
    // The most popular matches in `order`, of which the caller reads the first `rows`.
    const popularFirst = (columns: SQL, rows: number): SQL => {
      if (minPopularity === undefined) {
        return sql`SELECT ${columns} FROM media m WHERE ${where} AND ${indexCondition}
                   ORDER BY ${orderBy}`;
      }
      if (tier === undefined || options.order !== 'sort' || minPopularity >= tier.floor) {
        return sql`SELECT ${columns} FROM media m
                   WHERE ${where} AND ${indexCondition} AND m.popularity >= ${minPopularity}
                   ORDER BY ${orderBy}`;
      }
      // The tier's part of the slice from the tier's index, the rest from the popularity index:
      // ANDed with a slice that reaches below the tier, the popularity index's whole range was
      // read (a widened word's third slice, 100,000 media: 14 of 21 ms; in two parts 6 ms). The
      // rest only when the tier's part holds fewer than the rows read: every medium of the
      // tier is more popular than the rest ('Angewandte Kunst der Gegenwart': 339 matches in
      // the tier for 240 candidates, the rest read 3,800 matches the planner expected in 3).
      return sql`WITH tier_part AS MATERIALIZED (
                   SELECT ${columns} FROM media m
                   WHERE ${tier.where} AND m.popularity >= ${tier.floor}
                   ORDER BY ${orderBy} LIMIT ${rows})
                 SELECT * FROM (
                   SELECT * FROM tier_part
                   UNION ALL
                   SELECT ${columns} FROM media m
                   WHERE ${where} AND m.popularity >= ${minPopularity}
                     AND m.popularity < ${tier.floor}
                     AND (SELECT count(*) FROM tier_part) < ${rows}) AS m
                 ORDER BY ${orderBy}`;
    };
    const rank = rankOf(
      sql`rank_vector`,
      tsQuery,
      bonusCount && { count: sql`bonus`, tsQueries: bonus },
    );
    const popular = sql`popular AS MATERIALIZED (
            ${popularFirst(sql`m.id, m.popularity, m.rank_vector, ${bonusCount ?? sql`0`} AS bonus`, candidates)}
            LIMIT ${candidates})`;
    // The candidates: the popular ones and the title matches (one more than asked says there
    // were more) outside them.
    const withTitled =
      titled === undefined
        ? sql`WITH ${popular}, candidates AS (SELECT * FROM popular)`
        : sql`WITH ${popular},
            titled AS MATERIALIZED (
              SELECT m.id, m.popularity, m.rank_vector, ${bonusCount ?? sql`0`} AS bonus
              FROM media m WHERE ${titled.among} AND (${matches(sql`m.rank_vector`, tsQuery)}
                ${titled.whole === undefined ? sql`` : sql`OR m.search_vector @@ ${titled.whole}`})
              LIMIT ${titled.most + 1}),
            candidates AS (
              SELECT * FROM popular
              UNION ALL SELECT * FROM titled WHERE id NOT IN (SELECT id FROM popular))`;
    const titledCount = titled === undefined ? sql`0` : sql`(SELECT count(*)::int FROM titled)`;
    if (page.offset >= candidates) {
      // Past the first positions, the other matches by popularity: the ones after the
      // candidates. Sorted by their keys alone, the page's rows read whole after: page 195 of
      // 'Film' at 100,000 media on PGlite sorted 9,196 matches with a card's columns (4 MB,
      // 42 → 28 ms).
      const rows = await queryRows<CardRow & { page_popularity: number }>(
        this.db,
        sql`SELECT ${cardColumns}, page.popularity AS page_popularity
            FROM (${popularFirst(sql`m.id, m.popularity`, page.offset + page.limit)}
                  LIMIT ${page.limit} OFFSET ${page.offset}) AS page
            JOIN media m ON m.id = page.id
            ORDER BY page.popularity DESC, page.id DESC`,
      );
      // An empty page tells nothing of how many matches came before it.
      const found = rows.length === 0 ? 0 : page.offset + rows.length;
      const lowest = rows.at(-1)?.page_popularity;
      return {
        rows: rows.map(({ page_popularity: _popularity, ...row }) => row),
        found,
        wanted: page.offset + page.limit,
        ...(lowest !== undefined && { lowest }),
      };
    }
    const wholeWanted = titled?.wholeWanted;
    const wholeCount =
      wholeWanted === undefined ? sql`0` : sql`(SELECT count(*)::int FROM popular WHERE bonus > 0)`;
    // The counts come in a row of their own when the page is empty (past the candidates).
    const rows = await queryRows<
      Nullable<CardRow> & {
        found: number;
        titled_count: number;
        found_whole: number;
        lowest: number | null;
      }
    >(
      this.db,
      sql`${withTitled},
          ranked AS (
            SELECT id, popularity, ${rank} AS rank
            FROM candidates
            ORDER BY rank DESC, popularity DESC, id DESC
            LIMIT ${page.limit} OFFSET ${page.offset}),
          counts AS (
            SELECT (SELECT count(*)::int FROM popular) AS found, ${titledCount} AS titled_count,
                   ${wholeCount} AS found_whole, (SELECT min(popularity) FROM popular) AS lowest)
          SELECT ${cardColumns}, counts.*
          FROM counts LEFT JOIN (ranked JOIN media m ON m.id = ranked.id) ON true
          ORDER BY ranked.rank DESC, ranked.popularity DESC, ranked.id DESC`,
    );
    const counts = rows[0] ?? { found: 0, titled_count: 0, found_whole: 0, lowest: null };
    return {
      rows: rows.flatMap(
        ({ found: _found, titled_count: _count, found_whole: _whole, lowest: _lowest, ...row }) =>
          isCardRow(row) ? [row] : [],
      ),
      found: counts.found,
      wanted: candidates,
      ...(counts.lowest !== null && { lowest: counts.lowest }),
      ...(titled !== undefined && { titledComplete: counts.titled_count <= titled.most }),
      ...(wholeWanted !== undefined && { wholeShort: counts.found_whole < wholeWanted }),
    };
  }

  /**
   * The definition (`pg_get_indexdef`) of the index the words have of their own: the RUM index
   * with popularity where it is (migration 0016), else their GIN index (migration 0026).
   */
  async wordIndexDefinition(): Promise<string | undefined> {
    const [row] = await queryRows<{ definition: string }>(
      this.db,
      sql`SELECT indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema()
            AND indexname IN ('media_search_popular_idx', 'media_search_vector_idx')
          ORDER BY indexname = 'media_search_popular_idx' DESC LIMIT 1`,
    );
    return row?.definition;
  }

  /**
   * The floor of the popular tier (popular-tier.ts): the popularity its partial index starts at,
   * or undefined when there is none.
   */
  async popularTierFloor(): Promise<number | undefined> {
    const [row] = await queryRows<{ predicate: string | null }>(
      this.db,
      sql`SELECT pg_get_expr(i.indpred, i.indrelid) AS predicate
          FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE c.relname = ${POPULAR_TIER_INDEX} AND c.relnamespace = current_schema()::regnamespace
            AND i.indisvalid`,
    );
    const floor = /popularity >= (\d+)/.exec(row?.predicate ?? '')?.[1];
    return floor === undefined ? undefined : Number(floor);
  }

  /**
   * The planner's histogram of the media's popularity (ascending bounds that split them into
   * parts of equal size), empty before the table was analysed.
   */
  async popularityBounds(): Promise<number[]> {
    const [row] = await queryRows<{ bounds: string | null }>(
      this.db,
      sql`SELECT histogram_bounds::text AS bounds FROM pg_stats
          WHERE schemaname = current_schema() AND tablename = 'media' AND attname = 'popularity'`,
    );
    const bounds = row?.bounds?.replace(/[{}]/g, '').split(',').map(Number) ?? [];
    return bounds.every(Number.isFinite) ? bounds : [];
  }

  /**
   * What ANALYZE found of the search vectors: the most common lexemes (about a thousand at a
   * million media, each in at least half a percent of them) with the share of media that hold
   * each, the lowest such share (the next to last of the frequencies) and the share of media
   * without one; undefined before the table was analysed.
   */
  async searchVectorStatistics(): Promise<SearchVectorStatistics | undefined> {
    const [row] = await queryRows<{
      lexemes: string[] | null;
      shares: number[] | null;
      nullShare: number;
    }>(
      this.db,
      sql`SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS shares,
                 null_frac AS "nullShare"
          FROM pg_stats
          WHERE schemaname = current_schema() AND tablename = 'media'
            AND attname = 'search_vector'`,
    );
    const { lexemes, shares } = row ?? {};
    // Two more frequencies than lexemes: the lowest and the highest.
    if (!row || !lexemes || !shares || shares.length !== lexemes.length + 2) {
      return undefined;
    }
    return {
      shares: new Map(lexemes.map((lexeme, at) => [lexeme, shares[at] ?? 0])),
      minShare: shares[lexemes.length] ?? 0,
      nullShare: row.nullShare,
    };
  }

  /** Matches in a fixed order (newest first without a query). */
  async searchOrdered(where: SQL, orderBy: SQL, page: Page) {
    return queryRows<CardRow>(
      this.db,
      sql`SELECT ${cardColumns} FROM media m WHERE ${where}
          ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }

  /**
   * For each folded query word (stop words left out) its lexeme, whether the catalogue has it
   * (among the words of titles and keywords, or anywhere in a medium's texts: such a word needs
   * no correction), and the version of the vocabulary (`search_words`) these were read at. The
   * texts are looked up in the search index only (mk_word_stems, migration 0028): for the first
   * match of a word it expects in a few hundred media, PGlite's planner chose to read the table
   * (100,000 media: 220-400 ms for a word nowhere, where the index answers in a millisecond),
   * more so with the search index holding the filters too (migration 0024).
   */
  async wordStems(
    words: readonly string[],
  ): Promise<{ stems: { raw: string; stem: string; inCatalogue: boolean }[]; vocabulary: number }> {
    type Row = {
      raw: string | null;
      stem: string | null;
      in_catalogue: boolean | null;
      vocabulary: number | string;
    };
    const rows = await queryRows<Row>(
      this.db,
      sql`SELECT raw, stem, in_catalogue, vocabulary FROM mk_word_stems(${textArray(words)})`,
    );
    return {
      stems: rows.flatMap((row) =>
        row.raw === null || row.stem === null
          ? []
          : [{ raw: row.raw, stem: row.stem, inCatalogue: row.in_catalogue === true }],
      ),
      vocabulary: Number(rows[0]?.vocabulary ?? 0),
    };
  }

  /** The vocabulary of titles, keywords and subject names (see vocabulary.ts). */
  async vocabularyWords(): Promise<VocabularyWord[]> {
    return queryRows<VocabularyWord>(this.db, sql`SELECT word, ndoc FROM search_words`);
  }

  /**
   * For each stem of the catalogue's words, the word as the titles and keywords spell it most often
   * ('photosynthes' -> 'Photosynthese'), from a few media that contain it (found by the rank vector
   * in the search index, media_search_idx: through the search vector, the media with the word only
   * in their texts were read too, up to 40 ms at a million media). One SELECT per stem, so that the
   * planner sees each: for a word in many titles reading the table until five turn up is cheapest,
   * for a rarer one the index (a word in 28,000 titles: 0.8 ms from the table, 50 ms building the
   * index's bitmap, which is what a stem of a lateral join got). The texts are those of the rank
   * vector (titles, subtitles, keywords, subject names): a word only in a subtitle had no
   * spelling, and the correction showed its stem ('fluss').
   */
  async spellings(stems: readonly string[]): Promise<Map<string, string>> {
    if (stems.length === 0) {
      return new Map();
    }
    const sources = stems.map(
      (stem) =>
        sql`(SELECT concat_ws(' ', m.fn_titel, m.fn_utitel, m.fn_paratitel, m.fn_sertitel,
                              m.fn_schlag, m.subject_text) AS text,
                    ${stem}::text AS wanted
             FROM media m
             WHERE m.fn_status = 'published' AND m.rank_vector @@ to_tsquery('simple', ${stem})
             LIMIT 5)`,
    );
    // Only the words that start with the stem they are looked at for are stemmed (a stem is the
    // start of its folded word): stemming all 40 or so words of five media took most of the
    // statement ('Genmo' on PGlite at 100,000 media 8.4 → 3.8 ms; 200 pairs of stems on
    // PostgreSQL at a million 3.6 → 2.2 ms each, the same spellings). PGlite's stemmer turns a
    // folded umlaut into its vowel ('fluessen' -> 'fluss'), so the word is looked at with its
    // umlauts as vowels too.
    const rows = await queryRows<{ stem: string; spelling: string }>(
      this.db,
      sql`SELECT DISTINCT ON (stem) stem, spelling FROM (
            SELECT (SELECT v.lexeme FROM unnest(to_tsvector('german', mk_fold(w.spelling))) AS v
                    LIMIT 1) AS stem, w.spelling, count(*) AS uses
            FROM (${sql.join(sources, sql` UNION ALL `)}) AS source,
                 LATERAL regexp_split_to_table(source.text, '[[:space:][:punct:]]+') AS w(spelling)
            WHERE starts_with(mk_fold(w.spelling), source.wanted)
               OR starts_with(mk_fold(translate(w.spelling, 'äöüÄÖÜ', 'aouAOU')), source.wanted)
            GROUP BY 1, 2) AS counted
          WHERE stem = ANY(${textArray(stems)})
          ORDER BY stem, uses DESC, spelling`,
    );
    return new Map(rows.map((row) => [row.stem, row.spelling]));
  }

  /**
   * What the search bar completes: titles (the most popular 100,000), keywords, producers and
   * subject areas of published media, each weighted by popularity or by how many media carry it.
   */
  async suggestionSources(): Promise<SuggestionSource[]> {
    const rows = await queryRows<{ text: string; kind: SuggestionSource['kind']; weight: number }>(
      this.db,
      sql`(SELECT fn_titel AS text, 'title' AS kind, max(popularity)::int AS weight
           FROM media WHERE fn_status = 'published' GROUP BY fn_titel
           ORDER BY weight DESC LIMIT 100000)
          UNION ALL
          (SELECT trim(k), 'keyword', count(*)::int FROM media m,
             regexp_split_to_table(m.fn_schlag, ',') AS k
           WHERE m.fn_status = 'published' AND trim(k) <> '' GROUP BY trim(k)
           ORDER BY count(*) DESC LIMIT 100000)
          UNION ALL
          (SELECT fn_prodname, 'producer', count(*)::int FROM media
           WHERE fn_status = 'published' AND fn_prodname <> '' GROUP BY fn_prodname)
          UNION ALL
          (SELECT c, 'subject', count(*)::int FROM media m, unnest(m.geb_paths) AS c
           WHERE m.fn_status = 'published' GROUP BY c)`,
    );
    return rows.map((row) =>
      row.kind === 'subject' ? { ...row, text: subjectAreaName(row.text) } : row,
    );
  }

  /**
   * Published media per subject area one level below `parent` (the top level for none),
   * counting everything filed below each area.
   */
  async categoryCounts(parent: string | undefined) {
    const level = parent === undefined ? 3 : parent.length + 2;
    const within = parent === undefined ? sql`true` : sql`m.geb_paths && ARRAY[${parent}]::text[]`;
    return queryRows<{ code: string; count: number }>(
      this.db,
      sql`SELECT c AS code, count(*)::int AS count
          FROM media m, unnest(m.geb_paths) AS c
          WHERE m.fn_status = 'published' AND ${within} AND length(c) = ${level}
            AND c LIKE ${`${parent ?? ''}%`}
          GROUP BY c`,
    );
  }

  /**
   * The stem of each text as the search vector holds it (the first lexeme of its German
   * to_tsvector; null for a stop word), what expanding query words from the vocabulary in
   * memory needs of the database (word-expansions.ts), and the lexemes of its
   * `plainto_tsquery('german', text)`, what the planner weighs (expectedShare).
   */
  async stems(texts: readonly string[]): Promise<Map<string, TextStems>> {
    const rows = await queryRows<{ text: string; stem: string | null; query: string }>(
      this.db,
      sql`SELECT t.text,
                 (SELECT l.lexeme FROM unnest(to_tsvector('german', t.text)) AS l LIMIT 1) AS stem,
                 plainto_tsquery('german', t.text)::text AS query
          FROM unnest(${sql.param([...texts])}::text[]) AS t(text)`,
    );
    return new Map(
      rows.map((row) => [row.text, { stem: row.stem, lexemes: tsQueryLexemes(row.query) }]),
    );
  }

  /** The version of the vocabulary (`search_words`), raised by every rebuild. */
  async vocabularyVersion(): Promise<number> {
    const [row] = await queryPrepared<{ vocabulary: number | string }>(
      this.db,
      sql`SELECT vocabulary FROM catalogue_version WHERE id = 1`,
    );
    return Number(row?.vocabulary ?? 0);
  }

  async hasSearchWords(): Promise<boolean> {
    const [row] = await queryRows<{ present: boolean }>(
      this.db,
      sql`SELECT EXISTS (SELECT 1 FROM search_words) AS present`,
    );
    return row?.present ?? false;
  }

  /** Rebuilds the vocabulary for corrections from the published media. */
  async refreshSearchWords(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM search_words`);
      await tx.execute(
        sql`INSERT INTO search_words (word, ndoc)
            SELECT word, ndoc FROM ts_stat(
              $$SELECT rank_vector FROM media WHERE fn_status = 'published'$$)
            WHERE length(word) >= 3`,
      );
      await tx.execute(sql`UPDATE catalogue_version SET vocabulary = vocabulary + 1 WHERE id = 1`);
    });
  }

  /**
   * Counts the values of the facet fields among the matches; with `sample`, only among the first
   * `size` matches, read from the RUM index where `fromTextIndex` (a text query of the public
   * catalogue without filters, hasPopularTextIndex): it hands out matches one by one, where the
   * full-text index first collects every match ('Nahrung', 137,000 media: 40 ms, 15 ms from the
   * RUM index at a million media). With `minPopularity` (the popular tier's floor), from the
   * popular tier's index: the RUM index reads a word's whole posting list before its first match
   * ('Wiese', 165,000 media: 55 ms, 9 ms from the tier). With `inTableOrder`, the table is read
   * in its order until the sample is full, no index asked: the bitmap of a broad filter takes
   * longer to collect than the rows a scan reads for it ('c=apps', 13 % of the media: 61 → 11
   * ms). Subject areas are counted at the top level, or one level below `subjectParent`.
   * Answers the counts and how many matches were counted.
   */
  async facetCounts(
    where: SQL,
    fields: readonly FacetField[],
    sample?: {
      size: number;
      fromTextIndex: boolean;
      minPopularity?: number;
      inTableOrder?: boolean;
    },
    subjectParent?: string,
  ): Promise<FacetTally> {
    // OFFSET 0 keeps the conditions out of the table's scan, so that no index is asked for them.
    const media = sample?.inTableOrder === true ? sql`(SELECT * FROM media OFFSET 0)` : sql`media`;
    const limit =
      sample === undefined
        ? sql``
        : sql`${sample.fromTextIndex ? sql`AND ${POPULAR_FIRST.index.indexCondition}` : sql``}
              ${sample.minPopularity === undefined ? sql`` : sql`AND m.popularity >= ${sample.minPopularity}`}
              LIMIT ${sample.size}`;
    const parts = [
      wholeValueCounts(fields),
      ...(fields.includes('fn_geb')
        ? [subjectParent === undefined ? subjectCounts : subjectChildCounts(subjectParent)]
        : []),
    ];
    // Every subject path only where the areas below a parent are counted: each match's array
    // copied into the sample for nothing took 5 % of a 1,000-row sample's time.
    const paths = subjectParent === undefined ? sql`` : sql`m.geb_paths, `;
    const groups = await queryRows<FacetGroup>(
      this.db,
      sql`WITH hits AS MATERIALIZED (
            SELECT ${paths}m.geb_top, m.sprache_codes, m.fn_typ, m.adressat_codes
            FROM ${media} AS m
            WHERE ${where} ${limit})
          ${sql.join(parts, sql` UNION ALL `)}`,
    );
    return tallyFacets(groups);
  }

  /** Goes up with every change of media or licences (migration 0004). */
  async catalogueVersion(): Promise<number> {
    const [row] = await queryRows<{ version: string | number }>(
      this.db,
      sql`SELECT version FROM catalogue_version WHERE id = 1`,
    );
    return Number(row?.version ?? 0);
  }

  /** The live star counts of media (an anonymous viewer's cards). */
  async counters(identifiers: readonly string[]) {
    if (identifiers.length === 0) {
      return [];
    }
    return queryPrepared<MediumCounters>(
      this.db,
      sql`SELECT m.identifier, m.stars, false AS starred FROM media m
          WHERE m.identifier = ANY(${sql.param(identifiers)}::text[])`,
    );
  }

  /**
   * The live star counts of media, whether the user starred each, and what the access policy
   * needs to know of each to say whether it plays for the user (a signed-in viewer's cards),
   * with the catalogue version they were read at.
   */
  async countersWithCardFacts(
    identifiers: readonly string[],
    userId: number,
  ): Promise<{ media: (MediumCounters & CardMedium)[]; version: number }> {
    if (identifiers.length === 0) {
      return { media: [], version: 0 };
    }
    const rows = await queryPrepared<MediumCounters & CardMedium & { version: number | string }>(
      this.db,
      sql`SELECT ${cardMediumColumns}, m.stars,
                 EXISTS (SELECT 1 FROM stars s WHERE s.user_id = ${userId} AND s.media_id = m.id)
                   AS starred
          FROM media m
          WHERE m.identifier = ANY(${sql.param(identifiers)}::text[])`,
    );
    return withoutVersion(rows);
  }

  async findPublished(identifier: string): Promise<MediumRow | undefined> {
    const [row] = await queryRows<MediumRow>(
      this.db,
      sql`SELECT ${mediumColumns} FROM media m
          WHERE m.identifier = ${identifier} AND m.fn_status = 'published'`,
    );
    return row;
  }
}

/**
 * The facet fields counted by their whole value, as grouping sets of one pass over the CTE
 * `hits`, with the count of all hits (field ''); told apart by tallyFacets. One pass instead of
 * a SELECT per field over the CTE: 'Verb Takt' (1,310 matches at a million media) 7.5 → 6.9 ms.
 */
const WHOLE_VALUE_GROUPS: Record<
  Exclude<FacetField, 'fn_geb'>,
  { field: SQL; key: SQL; codes: SQL }
> = {
  fn_sprache: { field: sql`'fn_sprache'`, key: sql`sprache_codes`, codes: sql`sprache_codes` },
  fn_typ: { field: sql`'fn_typ'`, key: sql`fn_typ`, codes: sql`ARRAY[fn_typ]` },
  fn_adressat: { field: sql`'fn_adressat'`, key: sql`adressat_codes`, codes: sql`adressat_codes` },
};

function wholeValueCounts(fields: readonly FacetField[]): SQL {
  const grouped = fields.flatMap((field) =>
    field === 'fn_geb' ? [] : [WHOLE_VALUE_GROUPS[field]],
  );
  if (grouped.length === 0) {
    return sql`SELECT '' AS field, NULL::text[] AS codes, count(*)::int AS count FROM hits`;
  }
  const whenGrouped = (then: (group: (typeof grouped)[number]) => SQL) =>
    sql.join(
      grouped.map((group) => sql`WHEN grouping(${group.key}) = 0 THEN ${then(group)}`),
      sql` `,
    );
  return sql`SELECT CASE ${whenGrouped((group) => group.field)} ELSE '' END AS field,
                    CASE ${whenGrouped((group) => group.codes)} END AS codes, count(*)::int AS count
             FROM hits
             GROUP BY GROUPING SETS (${sql.join(
               grouped.map((group) => sql`(${group.key})`),
               sql`, `,
             )}, ())`;
}

/**
 * The subject areas among the hits at the top level, unnested here (a few dozen values, where
 * whole arrays made hundreds of groups).
 */
const subjectCounts = sql`SELECT 'fn_geb', ARRAY[v], count(*)::int
                          FROM (SELECT unnest(geb_top) AS v FROM hits) AS s GROUP BY v`;

/** The subject areas one level below `parent` among the hits. */
function subjectChildCounts(parent: string): SQL {
  return sql`SELECT 'fn_geb', ARRAY[v], count(*)::int
             FROM (SELECT unnest(geb_paths) AS v FROM hits) AS s
             WHERE v LIKE ${`${parent}%`} AND length(v) = ${parent.length + 2} GROUP BY v`;
}

/** The lexemes of a tsquery's text ("'e-mail' & 'e' & 'mail'"), in order. */
function tsQueryLexemes(text: string): string[] {
  return [...text.matchAll(/'((?:[^']|'')*)'/g)].map((match) =>
    (match[1] ?? '').replaceAll("''", "'"),
  );
}
