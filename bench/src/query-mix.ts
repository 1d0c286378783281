import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { pickOne, seededRandom } from '../../apps/server/src/seed/random.ts';

export interface QueryGroup {
  name: string;
  endpoint: 'search' | 'distinct' | 'detail';
  paths: string[];
}

const SEARCH = '/api/v1/media/catalogue/search';
const DISTINCT = '/api/v1/media/catalogue/search/distinct';
const ALL_FACETS = 'f=fn_geb&f=fn_sprache&f=fn_typ&f=fn_adressat';

/** `count` values drawn from the list (none from an empty list). */
function pick<T>(values: readonly T[], count: number, next: () => number): T[] {
  return values.length === 0 ? [] : Array.from({ length: count }, () => pickOne(values, next));
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

/**
 * The query mix, taken from the loaded data itself rather than from the generator's
 * vocabulary: lexeme frequencies from a sample (ts_stat), so 'broad' means a word that really
 * matches more than 30% of the media.
 */
export async function queryMix(db: Database, mediaCount: number): Promise<QueryGroup[]> {
  const next = seededRandom(42);
  const samplePercent = Math.min(100, Math.max(1, (20_000 / mediaCount) * 100));
  const [sampled] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM media TABLESAMPLE SYSTEM (${samplePercent}) REPEATABLE (1)`,
  );
  const sampleSize = Math.max(1, sampled?.count ?? 1);
  const lexemes = await queryRows<{ word: string; ndoc: number }>(
    db,
    sql.raw(`SELECT word, ndoc FROM ts_stat($$SELECT search_vector FROM media TABLESAMPLE SYSTEM (${samplePercent}) REPEATABLE (1)$$)
             WHERE length(word) >= 4 AND word ~ '^[a-z]+$' ORDER BY ndoc DESC`),
  );
  const share = (ndoc: number) => ndoc / sampleSize;
  const broad = lexemes.filter((l) => share(l.ndoc) > 0.3).map((l) => l.word);
  const medium = lexemes
    .filter((l) => share(l.ndoc) >= 0.005 && share(l.ndoc) <= 0.05)
    .map((l) => l.word);
  const selective = lexemes
    .filter((l) => l.ndoc <= Math.max(2, sampleSize * 0.0005))
    .map((l) => l.word);
  if (broad.length === 0) {
    throw new Error('The data has no word that matches more than 30% of all media.');
  }
  const facts = await queryRows<{ kind: string; value: string }>(
    db,
    sql`(SELECT DISTINCT 'geb' AS kind, unnest(geb_paths) AS value FROM media TABLESAMPLE SYSTEM (1) LIMIT 200)
        UNION ALL (SELECT DISTINCT 'schlag', unnest(schlag_keys) FROM media TABLESAMPLE SYSTEM (1) LIMIT 200)
        UNION ALL (SELECT DISTINCT 'prod', fn_prodname FROM media TABLESAMPLE SYSTEM (1) LIMIT 50)
        UNION ALL (SELECT DISTINCT 'typ', fn_typ FROM media TABLESAMPLE SYSTEM (1) LIMIT 50)
        UNION ALL (SELECT 'id', identifier FROM media TABLESAMPLE SYSTEM (1) WHERE fn_status = 'published' LIMIT 500)`,
  );
  const of = (kind: string) => facts.filter((fact) => fact.kind === kind).map((f) => f.value);
  const geb = of('geb');
  const topGeb = geb.filter((code) => code.length === 3);
  const deepGeb = geb.filter((code) => code.length >= 5);
  const languages = ['de*', 'en*', 'fr*', 'de(u)', 'tr*'];
  const audiences = ['A*', 'E*', 'BB*', 'A(5)', 'A(7-9)', 'J*', 'SO*'];
  const kinds = ['media', 'books', 'apps'];
  const enc = encodeURIComponent;

  const filterPaths = [
    ...pick(topGeb, 20, next).map((code) => `filter_fn_geb=${code}*`),
    ...pick(deepGeb, 20, next).map(
      (code) => `filter_fn_geb=${code}*&${q(pick(medium, 1, next)[0] ?? '')}`,
    ),
    ...pick(topGeb, 10, next).map(
      (code) => `filter_fn_geb=${code}*&${q(pick(broad, 1, next)[0] ?? '')}`,
    ),
    ...languages.map((value) => `filter_fn_sprache=${enc(value)}`),
    ...languages.map(
      (value) => `filter_fn_sprache=${enc(value)}&${q(pick(broad, 1, next)[0] ?? '')}`,
    ),
    ...pick(of('typ'), 10, next).map((value) => `filter_fn_typ=${enc(value)}`),
    ...audiences.map((value) => `filter_fn_adressat=${enc(value)}`),
    ...audiences.map(
      (value) => `filter_fn_adressat=${enc(value)}&${q(pick(medium, 1, next)[0] ?? '')}`,
    ),
    ...pick(of('schlag'), 20, next).map((value) => `filter_fn_schlag=${enc(value)}`),
    ...pick(of('prod'), 10, next).map((value) => `filter_fn_prodname=${enc(value)}`),
    ...pick(of('prod'), 10, next).map(
      (value) => `filter_fn_prodname=${enc(value)}&${q(pick(broad, 1, next)[0] ?? '')}`,
    ),
    ...kinds.map((kind) => `c=${kind}&${q(pick(broad, 1, next)[0] ?? '')}`),
    ...kinds.map((kind) => `c=${kind}`),
    `filter_lizenzen=${enc('mz/bench/mediathek')}`,
    `filter_lizenzen=${enc('mz/bench/mediathek')}&${q(pick(broad, 1, next)[0] ?? '')}`,
    ...pick(topGeb, 10, next).map(
      (code) => `filter_fn_geb=${code}*&filter_fn_sprache=de*&filter_fn_adressat=A*&c=media`,
    ),
  ];

  const multi = [
    ...Array.from({ length: 20 }, () => `${pick(medium, 1, next)[0]} ${pick(medium, 1, next)[0]}`),
    ...Array.from({ length: 20 }, () => `${pick(broad, 1, next)[0]} ${pick(medium, 1, next)[0]}`),
    ...Array.from({ length: 10 }, () => `${pick(broad, 1, next)[0]} ${pick(broad, 1, next)[0]}`),
    ...Array.from({ length: 10 }, () => pick(medium, 3, next).join(' ')),
  ];

  return [
    {
      name: 'search: selective word',
      endpoint: 'search',
      paths: pick(selective, 100, next).map((w) => `${SEARCH}?${q(w)}`),
    },
    {
      name: 'search: medium word',
      endpoint: 'search',
      paths: pick(medium, 100, next).map((w) => `${SEARCH}?${q(w)}`),
    },
    {
      name: 'search: broad word (>30%)',
      endpoint: 'search',
      paths: broad.map((w) => `${SEARCH}?${q(w)}`),
    },
    {
      name: 'search: several words',
      endpoint: 'search',
      paths: multi.map((w) => `${SEARCH}?${q(w)}`),
    },
    {
      name: 'search: prefix while typing',
      endpoint: 'search',
      paths: pick(medium, 60, next).map((w) => `${SEARCH}?${q(w.slice(0, 4))}`),
    },
    {
      name: 'search: filters',
      endpoint: 'search',
      paths: filterPaths.map((p) => `${SEARCH}?${p}`),
    },
    {
      name: 'search: newest, no query',
      endpoint: 'search',
      paths: [0, 1, 2, 3, 10].map((p) => `${SEARCH}?p=${p}`),
    },
    {
      name: 'search: deep pages',
      endpoint: 'search',
      paths: [
        ...pick(broad, 20, next).map((w, i) => `${SEARCH}?${q(w)}&p=${20 + i * 9}`),
        ...pick(medium, 20, next).map((w, i) => `${SEARCH}?${q(w)}&p=${5 + i * 5}`),
        ...[50, 100, 199].map((p) => `${SEARCH}?p=${p}`),
      ],
    },
    {
      name: 'distinct: facets',
      endpoint: 'distinct',
      paths: [
        ...pick(selective, 20, next).map((w) => `${DISTINCT}?${q(w)}&${ALL_FACETS}`),
        ...pick(medium, 30, next).map((w) => `${DISTINCT}?${q(w)}&${ALL_FACETS}`),
        ...broad.map((w) => `${DISTINCT}?${q(w)}&${ALL_FACETS}`),
        ...multi.slice(0, 20).map((w) => `${DISTINCT}?${q(w)}&${ALL_FACETS}`),
        ...filterPaths.slice(0, 40).map((p) => `${DISTINCT}?${p}&${ALL_FACETS}`),
        `${DISTINCT}?${ALL_FACETS}`,
      ],
    },
    { name: 'detail', endpoint: 'detail', paths: of('id').map((id) => `/api/v1/media/${enc(id)}`) },
  ];
}
