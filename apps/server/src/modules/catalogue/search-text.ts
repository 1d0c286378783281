import { sql, type SQL } from 'drizzle-orm';

/** Most words of a query that take part in a search; the rest are ignored. */
const MAX_QUERY_WORDS = 12;

/**
 * Folds text the way the database's mk_fold() does (migration 0000): lower case, ä -> ae,
 * ö -> oe, ü -> ue, ß -> ss, other accents removed.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The words of a query, folded; only letters and digits, so they are safe in a tsquery. */
export function queryWords(query: string): string[] {
  return foldText(query)
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .slice(0, MAX_QUERY_WORDS);
}

/**
 * The tsquery of a free-text search: every word must match (German stemming, so 'Pflanze'
 * finds 'Pflanzen'); the last word also matches as a prefix while the user is still typing
 * ('Photosy' finds 'Photosynthese'). Stop words drop out. Undefined when no word is left.
 */
export function searchTsQuery(query: string): SQL | undefined {
  const words = queryWords(query);
  const last = words.pop();
  if (last === undefined) {
    return undefined;
  }
  const typing = !/[\s\p{P}]$/u.test(query);
  const parts = words.map((word) => sql`plainto_tsquery('german', ${word})`);
  parts.push(
    typing && last.length >= 2
      ? sql`(plainto_tsquery('german', ${last}) || to_tsquery('simple', ${`${last}:*`}))`
      : sql`plainto_tsquery('german', ${last})`,
  );
  return sql`(${sql.join(parts, sql` && `)})`;
}
