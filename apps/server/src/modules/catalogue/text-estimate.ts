import type { TsQueryPart, TsTerm } from './search-text.ts';

/** What ANALYZE found of the search vectors (pg_stats of media.search_vector). */
export interface SearchVectorStatistics {
  /** The share of media whose search vector holds each of the most common lexemes. */
  shares: ReadonlyMap<string, number>;
  /** The lowest share among them. */
  minShare: number;
  /** The share of media without a search vector. */
  nullShare: number;
}

/** The share the planner assumes for a lexeme without statistics (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_LEXEME_SHARE = 0.005;

/**
 * The share of media the planner expects to match the AND of `parts`, worked out as it does
 * (`tsmatchsel` in PostgreSQL's ts_selfuncs.c, the same since version 9.1): a lexeme among the
 * most common ones has its share, any other half the lowest of theirs (at most 0.005); an AND
 * multiplies shares, an OR adds them less their product; what is left out (a stop word) drops
 * out of its AND or OR, and a query of nothing matches nothing. `lexemesOf` gives a word's
 * lexemes as `plainto_tsquery('german', word)` does.
 */
export function expectedShare(
  parts: readonly TsQueryPart[],
  statistics: SearchVectorStatistics,
  lexemesOf: (word: string) => readonly string[],
): number {
  const { shares, minShare, nullShare } = statistics;
  const rare = Math.min(DEFAULT_LEXEME_SHARE, minShare / 2);
  const lexemeShare = (lexeme: string) => shares.get(lexeme) ?? rare;
  const termShare = (term: TsTerm) =>
    'lexeme' in term ? lexemeShare(term.lexeme) : all(lexemesOf(term.word).map(lexemeShare));
  const partShare = (part: TsQueryPart) =>
    any(part.terms.map((terms) => all(terms.map(termShare))));
  return (all(parts.map(partShare)) ?? 0) * (1 - nullShare);
}

/** The share of all of `shares`, undefined (nothing asked) when none is. */
function all(shares: readonly (number | undefined)[]): number | undefined {
  return combined(shares, (a, b) => a * b);
}

/** The share of any of `shares`, undefined (nothing asked) when none is. */
function any(shares: readonly (number | undefined)[]): number | undefined {
  return combined(shares, (a, b) => a + b - a * b);
}

function combined(
  shares: readonly (number | undefined)[],
  combine: (a: number, b: number) => number,
): number | undefined {
  let result: number | undefined;
  for (const share of shares) {
    if (share !== undefined) {
      result = result === undefined ? share : clamp(combine(result, share));
    }
  }
  return result;
}

function clamp(share: number): number {
  return Math.min(1, Math.max(0, share));
}

/**
 * The planner's estimate of the matches among `media` for a share of them: at least one
 * (clamp_row_est).
 */
export function expectedMatches(share: number, media: number): number {
  return Math.max(1, Math.round(share * media));
}

/**
 * The weight of one of `parts` tsqueries in a partial search's bonus, for a `share` of the
 * `media`: 1 plus at most 0.9 / `parts` by its inverse document frequency (a word in one medium
 * adds the most, one in every medium nothing), so that the weights of the matched parts add up
 * to their number and less than 0.9 more: media with more of the words still come first.
 */
export function rarityWeight(share: number, media: number, parts: number): number {
  const rarity = Math.log(share) / Math.log(1 / Math.max(2, media));
  return 1 + (0.9 * Math.min(1, Math.max(0, rarity))) / Math.max(1, parts);
}
