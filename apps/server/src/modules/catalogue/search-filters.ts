import {
  audienceFilterTokens,
  MEDIA_KINDS,
  SEARCH_FILTER_FIELDS,
  type CatalogueDistinctQuery,
} from '@medienkatalog/domain';
import { SQL, sql } from 'drizzle-orm';
import { covers, inForce } from '../licences/licence-sql.ts';
import { matches, searchTsQuery, TextTsQuery } from './search-text.ts';

/** The filters of a catalogue search, as both the search and the distinct call take them. */
export type SearchFilters = Omit<CatalogueDistinctQuery, 'f' | 'geb_parent'>;

/** Lengths of subject codes at the levels of the hierarchy (3 digits, then 2 per level). */
const SUBJECT_LEVEL_LENGTHS = new Set([3, 5, 7, 9, 11]);

export function textArray(values: readonly string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** Splits values into prefixes (trailing '*') and exact values. */
function splitPrefixes(values: readonly string[]): { prefixes: string[]; exact: string[] } {
  const prefixes = values.filter((value) => value.endsWith('*')).map((v) => v.slice(0, -1));
  const exact = values.filter((value) => !value.endsWith('*'));
  return { prefixes, exact };
}

function anyOf(conditions: SQL[]): SQL {
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

function subjectFilter(values: readonly string[]): SQL {
  const { prefixes, exact } = splitPrefixes(values);
  const conditions: SQL[] = [];
  const levelPrefixes = prefixes.filter((prefix) => SUBJECT_LEVEL_LENGTHS.has(prefix.length));
  const otherPrefixes = prefixes.filter((prefix) => !SUBJECT_LEVEL_LENGTHS.has(prefix.length));
  if (levelPrefixes.length > 0) {
    conditions.push(sql`m.geb_paths && ${textArray(levelPrefixes)}`);
  }
  if (exact.length > 0) {
    conditions.push(sql`m.geb_codes && ${textArray(exact)}`);
  }
  for (const prefix of otherPrefixes) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM unnest(m.geb_codes) AS c WHERE c LIKE ${`${prefix}%`})`,
    );
  }
  return anyOf(conditions);
}

/** Language and audience tokens: 'de*' and 'de' match every variant, 'de(u)' only itself. */
function tokenFilter(column: SQL, values: readonly string[]): SQL {
  const tokens = values.map((value) => (value.endsWith('*') ? value.slice(0, -1) : value));
  return sql`${column} && ${textArray(tokens)}`;
}

const KIND_TYPES: Record<'books' | 'apps', ReadonlySet<string>> = {
  books: new Set(MEDIA_KINDS.books),
  apps: new Set(MEDIA_KINDS.apps),
};

/** Whether a type code belongs to a media kind: books and apps by list, media every other code. */
function ofKind(kind: NonNullable<SearchFilters['c']>, code: string): boolean {
  switch (kind) {
    case 'all':
      return true;
    case 'books':
    case 'apps':
      return KIND_TYPES[kind].has(code);
    case 'media':
      return !KIND_TYPES.books.has(code) && !KIND_TYPES.apps.has(code);
  }
}

/**
 * The condition on the type of a search's kind and type filter together. A type filter is
 * narrowed to the kind in advance, so a contradiction ('Apps' filtered to films) is an empty
 * list at once: the planner, estimating the two apart, walked the whole newest-first index for
 * it (1.7 s at a million media).
 */
function typeFilter(filters: SearchFilters): SQL | undefined {
  const kind = filters.c ?? 'all';
  if (filters.filter_fn_typ?.length) {
    const codes = filters.filter_fn_typ.filter((code) => ofKind(kind, code));
    return codes.length === 0 ? sql`false` : ofTypes(codes);
  }
  switch (kind) {
    case 'all':
      return undefined;
    case 'books':
    case 'apps':
      return ofTypes(MEDIA_KINDS[kind]);
    case 'media':
      return sql`NOT ${ofTypes([...MEDIA_KINDS.books, ...MEDIA_KINDS.apps])}`;
  }
}

/** Media of one of the types, as the search index (media_search_idx) holds the type. */
function ofTypes(codes: readonly string[]): SQL {
  return sql`(ARRAY[m.fn_typ] && ${textArray(codes)})`;
}

/** Whether a search has a filter besides its text (a kind other than all counts). */
export function isFiltered(filters: SearchFilters): boolean {
  return (
    (filters.c !== undefined && filters.c !== 'all') ||
    SEARCH_FILTER_FIELDS.some((field) => (filters[field]?.length ?? 0) > 0)
  );
}

/** Which media a search may see at all. */
export interface SearchScope {
  /** Only published media: the public catalogue and media centres; not a producer's own pool. */
  publishedOnly: boolean;
  /** Only the media of this pool (content preview). */
  pool?: string;
  /** Only media that a licence in force covers for this context path (a media centre's view). */
  licensedTo?: string;
}

export const PUBLIC_SCOPE: SearchScope = { publishedOnly: true };

/** Whether a scope is the published catalogue, neither one pool nor one licensee's. */
export function isPublicCatalogue(scope: SearchScope): boolean {
  return scope.publishedOnly && scope.pool === undefined && scope.licensedTo === undefined;
}

export interface SearchConditions {
  /** Every condition, ANDed; always includes the scope. The text as TextTsQuery.matchedBy. */
  where: SQL;
  /**
   * The same conditions with the text as one tsquery, for the planner's estimates: the same
   * estimate, planned in a fraction of the time of `where`'s alternatives (TextTsQuery).
   */
  whereToEstimate: SQL;
  /** The scope and the filters without the text. */
  filters: SQL;
  /** The tsquery of the free text, when there is one. */
  tsQuery: SQL | undefined;
}

/**
 * Turns validated search parameters into SQL conditions on media (alias m); `tsQuery` replaces
 * the one of the free text (a corrected query).
 */
/**
 * The conditions of a text in the public catalogue without filters, to estimate: the planner's
 * estimate of them is worked out without asking it (expectedShare).
 */
export class PublicTextConditions extends SQL {
  constructor(
    conditions: SQL,
    readonly tsQuery: TextTsQuery,
  ) {
    super(conditions.queryChunks);
  }
}

export function searchConditions(
  filters: SearchFilters,
  tsQuery: SQL | undefined = filters.q === undefined ? undefined : searchTsQuery(filters.q),
  scope: SearchScope = PUBLIC_SCOPE,
): SearchConditions {
  const conditions: SQL[] = [scope.publishedOnly ? sql`m.fn_status = 'published'` : sql`true`];
  if (scope.pool !== undefined) {
    conditions.push(sql`m.pool = ${scope.pool}`);
  }
  if (scope.licensedTo !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM licences l JOIN organisations o ON o.id = l.licensee_organisation_id
                  LEFT JOIN licences p ON p.id = l.parent_id
                  WHERE o.context_path = ${scope.licensedTo} AND ${inForce('l', 'p')}
                    AND ${covers('l', 'm')})`,
    );
  }
  const types = typeFilter(filters);
  if (types) {
    conditions.push(types);
  }
  if (filters.filter_fn_geb?.length) {
    conditions.push(subjectFilter(filters.filter_fn_geb));
  }
  if (filters.filter_fn_sprache?.length) {
    conditions.push(tokenFilter(sql`m.sprache_codes`, filters.filter_fn_sprache));
  }
  if (filters.filter_fn_adressat?.length) {
    conditions.push(
      sql`m.adressat_codes && ${textArray(filters.filter_fn_adressat.flatMap(audienceFilterTokens))}`,
    );
  }
  if (filters.filter_fn_schlag?.length) {
    const keys = filters.filter_fn_schlag.map((keyword) => keyword.toLowerCase());
    conditions.push(sql`m.schlag_keys && ${textArray(keys)}`);
  }
  if (filters.filter_fn_prodname?.length) {
    const names = filters.filter_fn_prodname.map((name) => name.toLowerCase());
    conditions.push(
      // The producer's name or pool, as the search index (media_search_idx) holds them.
      sql`ARRAY[lower(m.fn_prodname), m.pool] && ${textArray(names)}`,
    );
  }
  if (filters.filter_lizenzen?.length) {
    const paths = filters.filter_lizenzen.map((path) => path.toLowerCase());
    conditions.push(
      // The Mediatheken as the search index (media_search_idx) holds them.
      sql`m.mediathek_ids && ARRAY(SELECT mt.id FROM mediatheken mt
                                   WHERE mt.path = ANY(${textArray(paths)}))`,
    );
  }
  const withText = (text: SQL | undefined) =>
    sql.join(text === undefined ? conditions : [...conditions, text], sql` AND `);
  const toEstimate = withText(tsQuery && sql`m.search_vector @@ ${tsQuery}`);
  return {
    where: withText(tsQuery && matches(sql`m.search_vector`, tsQuery)),
    whereToEstimate:
      tsQuery instanceof TextTsQuery && conditions.length === 1 && isPublicCatalogue(scope)
        ? new PublicTextConditions(toEstimate, tsQuery)
        : toEstimate,
    filters: withText(undefined),
    tsQuery,
  };
}
