import type { FacetField } from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** The columns a card or a detail page shows. */
export interface MediumRow {
  id: number;
  identifier: string;
  pool: string;
  fn_nr: string;
  fn_titel: string;
  fn_utitel: string;
  fn_paratitel: string;
  fn_text: string;
  fn_kurztext: string;
  fn_langtext: string;
  fn_adressat: string;
  fn_schlag: string;
  fn_typ: string;
  fn_prodjahr: string;
  fn_sprache: string;
  fn_laenge: string;
  fn_sertitel: string;
  fn_geb: string;
  fn_produ: string;
  fn_prodname: string;
  fn_herausgeber: string;
  fn_autor: string;
  fn_url: string;
  fn_beigaben: string;
  fn_aenderung: Date | string;
  open_access: string;
  stars: number;
  /** Whether the current user starred it, where the query asks. */
  starred?: boolean;
}

/** The live counters of media for one user (cached answers carry older ones). */
export interface MediumCounters {
  identifier: string;
  stars: number;
  starred: boolean;
}

/** The columns of MediumRow, from the media table aliased `m`. */
export const mediumColumns = sql.raw(
  [
    'id',
    'identifier',
    'pool',
    'fn_nr',
    'fn_titel',
    'fn_utitel',
    'fn_paratitel',
    'fn_text',
    'fn_kurztext',
    'fn_langtext',
    'fn_adressat',
    'fn_schlag',
    'fn_typ',
    'fn_prodjahr',
    'fn_sprache',
    'fn_laenge',
    'fn_sertitel',
    'fn_geb',
    'fn_produ',
    'fn_prodname',
    'fn_herausgeber',
    'fn_autor',
    'fn_url',
    'fn_beigaben',
    'fn_aenderung',
    'open_access',
    'stars',
  ]
    .map((column) => `m.${column}`)
    .join(', '),
);

export interface Page {
  offset: number;
  limit: number;
}

type RowWithTotal = MediumRow & { total: string | number | null };

function splitTotal(rows: RowWithTotal[]): { rows: MediumRow[]; total: number | undefined } {
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

  async countExact(where: SQL): Promise<number> {
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`SELECT count(*)::int AS count FROM media m WHERE ${where}`,
    );
    return row?.count ?? 0;
  }

  /** Ranks every match (used when the planner expects few enough matches). */
  async searchRanked(where: SQL, tsQuery: SQL, page: Page) {
    const rows = await queryRows<RowWithTotal>(
      this.db,
      sql`WITH hits AS (
            SELECT m.id, m.popularity, ts_rank_cd(m.rank_vector, ${tsQuery}, 1) AS rank,
                   count(*) OVER () AS total
            FROM media m WHERE ${where}
            ORDER BY rank DESC, m.popularity DESC, m.id DESC
            LIMIT ${page.limit} OFFSET ${page.offset})
          SELECT ${mediumColumns}, hits.total FROM hits JOIN media m ON m.id = hits.id
          ORDER BY hits.rank DESC, hits.popularity DESC, hits.id DESC`,
    );
    return splitTotal(rows);
  }

  /**
   * Ranks only the most popular matches (broad queries): the first `candidates` positions are
   * those candidates by relevance, later pages continue in popularity order, found either by
   * walking the popularity index (`walk`, cheap when matches are dense) or by sorting all
   * matches from the full-text index (cheap when they are sparse; `+ 0` keeps the planner off
   * the popularity index).
   */
  async searchBounded(
    where: SQL,
    tsQuery: SQL,
    page: Page,
    options: { candidates: number; walk: boolean },
  ) {
    const { candidates, walk } = options;
    if (page.offset >= candidates) {
      const popularity = walk ? sql`m.popularity` : sql`m.popularity + 0`;
      return this.searchOrdered(where, sql`${popularity} DESC, m.id DESC`, page);
    }
    return queryRows<MediumRow>(
      this.db,
      sql`WITH candidates AS MATERIALIZED (
            SELECT m.id, m.popularity, m.rank_vector FROM media m WHERE ${where}
            ORDER BY m.popularity DESC, m.id DESC LIMIT ${candidates}),
          ranked AS (
            SELECT id, popularity, ts_rank_cd(rank_vector, ${tsQuery}, 1) AS rank FROM candidates
            ORDER BY rank DESC, popularity DESC, id DESC
            LIMIT ${page.limit} OFFSET ${page.offset})
          SELECT ${mediumColumns} FROM ranked JOIN media m ON m.id = ranked.id
          ORDER BY ranked.rank DESC, ranked.popularity DESC, ranked.id DESC`,
    );
  }

  /** Matches in a fixed order (newest first without a query). */
  async searchOrdered(where: SQL, orderBy: SQL, page: Page) {
    return queryRows<MediumRow>(
      this.db,
      sql`SELECT ${mediumColumns} FROM media m WHERE ${where}
          ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }

  /**
   * For each folded query word its lexeme when the catalogue has it, else the most similar
   * lexeme of the catalogue's words (trigrams), else null; stop words are left out.
   */
  async correctWords(words: readonly string[]): Promise<{ stem: string; word: string | null }[]> {
    if (words.length === 0) {
      return [];
    }
    return queryRows<{ stem: string; word: string | null }>(
      this.db,
      sql`SELECT q.stem, coalesce(
                   (SELECT w.word FROM search_words w WHERE w.word = q.stem),
                   (SELECT w.word FROM search_words w WHERE w.word % q.stem
                    ORDER BY similarity(w.word, q.stem) DESC, w.ndoc DESC, w.word LIMIT 1)) AS word
          FROM (SELECT t.position,
                       (SELECT v.lexeme FROM unnest(to_tsvector('german', t.raw)) AS v LIMIT 1) AS stem
                FROM unnest(ARRAY[${sql.join(
                  words.map((word) => sql`${word}`),
                  sql`, `,
                )}]::text[]) WITH ORDINALITY AS t(raw, position)) AS q
          WHERE q.stem IS NOT NULL
          ORDER BY q.position`,
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
    });
  }

  /**
   * Counts the values of the facet fields among the matches; with `sampleSize`, only among
   * the first that many matches. Answers the counts and how many matches were counted.
   */
  async facetCounts(where: SQL, fields: readonly FacetField[], sampleSize?: number) {
    const limit = sampleSize === undefined ? sql`` : sql`LIMIT ${sampleSize}`;
    const parts = [
      sql`SELECT '' AS field, '' AS value, count(*)::int AS count FROM hits`,
      ...fields.map((field) => FACET_QUERIES[field]),
    ];
    const rows = await queryRows<{ field: FacetField | ''; value: string; count: number }>(
      this.db,
      sql`WITH hits AS MATERIALIZED (
            SELECT m.geb_top, m.sprache_codes, m.fn_typ, m.adressat_codes FROM media m
            WHERE ${where} ${limit})
          ${sql.join(parts, sql` UNION ALL `)}`,
    );
    const counted = rows.find((row) => row.field === '')?.count ?? 0;
    const values = rows.filter(
      (row): row is { field: FacetField; value: string; count: number } => row.field !== '',
    );
    return { counted, values };
  }

  /** Goes up with every change of media or licences (migration 0004). */
  async catalogueVersion(): Promise<number> {
    const [row] = await queryRows<{ version: string | number }>(
      this.db,
      sql`SELECT version FROM catalogue_version WHERE id = 1`,
    );
    return Number(row?.version ?? 0);
  }

  async counters(identifiers: readonly string[], userId: number | undefined) {
    if (identifiers.length === 0) {
      return [];
    }
    const starred =
      userId === undefined
        ? sql`false`
        : sql`EXISTS (SELECT 1 FROM stars s WHERE s.user_id = ${userId} AND s.media_id = m.id)`;
    return queryRows<MediumCounters>(
      this.db,
      sql`SELECT m.identifier, m.stars, ${starred} AS starred FROM media m
          WHERE m.identifier IN ${identifiers}`,
    );
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

/** One SELECT per facet field over the CTE `hits`; codes with a level or variant are left out. */
const FACET_QUERIES: Record<FacetField, SQL> = {
  fn_geb: sql`SELECT 'fn_geb', v, count(*)::int FROM hits, unnest(hits.geb_top) AS v GROUP BY v`,
  fn_sprache: sql`SELECT 'fn_sprache', v, count(*)::int FROM hits, unnest(hits.sprache_codes) AS v
                  WHERE v NOT LIKE '%(%' GROUP BY v`,
  fn_typ: sql`SELECT 'fn_typ', hits.fn_typ, count(*)::int FROM hits GROUP BY hits.fn_typ`,
  fn_adressat: sql`SELECT 'fn_adressat', v, count(*)::int FROM hits, unnest(hits.adressat_codes) AS v
                   WHERE v NOT LIKE '%(%' GROUP BY v`,
};
