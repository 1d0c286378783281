import { SUBJECT_AREAS, schoolWordSubject, subjectAreaSearchTerms } from '@medienkatalog/domain';
import { SQL, sql, type SQLChunk } from 'drizzle-orm';

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

/** The words of a text as PostgreSQL's parser sees them apart: separated by white space. */
function textWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word.length > 0);
}

/** The words of a text in order, folded; only letters and digits, so they are safe in a tsquery. */
function foldedWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * The words of a query, folded, each once ('Salz Salz' is 'salz': twice, the planner took them
 * for independent and expected a fraction of the matches).
 */
export function queryWords(query: string): string[] {
  return [...new Set(foldedWords(query))].slice(0, MAX_QUERY_WORDS);
}

/** The folded words of each subject area's name and search terms (wordSet). */
let subjectNames: ReadonlySet<string> | undefined;

/** The folded words of a text, in any order, as one string. */
const wordSet = (text: string) => [...new Set(queryWords(text))].sort().join(' ');

/**
 * Whether a query names a subject area (its words are those of an area's name or of one of its
 * search terms, in any order: 'Bildende Kunst'): every medium filed there carries them in its search vector,
 * so they come together far more often than words at random.
 */
export function namesSubjectArea(query: string): boolean {
  subjectNames ??= new Set(
    SUBJECT_AREAS.flatMap((area) => [area.label, ...subjectAreaSearchTerms(area.code)]).map(
      wordSet,
    ),
  );
  return subjectNames.has(wordSet(query));
}

/** The phrases in double quotes of a query (folded words each), and the text outside them. */
export function queryPhrases(query: string): { phrases: string[][]; rest: string } {
  const phrases: string[][] = [];
  const rest = query.replace(/["„“”]([^"„“”]*)["„“”]?/g, (_match, phrase: string) => {
    const words = foldedWords(phrase).slice(0, MAX_QUERY_WORDS);
    if (words.length > 1) {
      phrases.push(words);
      return ' ';
    }
    return ` ${phrase} `;
  });
  return { phrases, rest };
}

/**
 * The query with the quotes of its phrases taken away, their words searched as words: undefined
 * when it holds no phrase (queryPhrases).
 */
export function withoutPhrases(query: string): string | undefined {
  return queryPhrases(query).phrases.length === 0
    ? undefined
    : query
        .replace(/["„“”]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}

/** What a folded query word also matches, from the catalogue's vocabulary (repository). */
export interface WordExpansion {
  /** Compounds of the vocabulary with the word as first or last part ('zellteil'). */
  compounds: readonly string[];
  /** The stems of the word's two parts when it is a compound of known words ('zell', 'kern'). */
  parts: readonly string[];
  /**
   * For the word the user is still typing (typedPrefix), the vocabulary's most frequent words
   * that start with it ('photosy' -> 'photosynthes'); empty for the others.
   */
  completions: readonly string[];
  /**
   * Whether the vocabulary holds the word's stem: then the word is spelled as the catalogue
   * spells it and needs no correction.
   */
  known?: boolean;
}

export type WordExpansions = ReadonlyMap<string, WordExpansion>;

/** Whether an expansion widens its word's tsquery at all (as wordTsQuery uses it). */
export function widens(expansion: WordExpansion): boolean {
  return (
    expansion.compounds.length > 0 || expansion.parts.length > 1 || expansion.completions.length > 0
  );
}

/** The expansion of a word that matches only itself (what the vocabulary knows of it kept). */
export function unwidened(expansion: WordExpansion): WordExpansion {
  return { ...expansion, compounds: [], parts: [], completions: [] };
}

const LEXEME = /^[a-z0-9]+$/;

/**
 * One part of a text query, a word or a phrase: its tsquery, and the alternatives that tsquery is
 * an OR of, the word's compounds and completions three lexemes to one (TextTsQuery,
 * LEXEMES_PER_ALTERNATIVE).
 */
export interface TsQueryPart {
  tsQuery: SQL;
  anyOf: readonly SQL[];
  /** The tsquery as the planner weighs it (expectedShare): any of these, each all its terms. */
  terms: readonly (readonly TsTerm[])[];
}

/**
 * A term of a tsquery: a word with German stemming (`plainto_tsquery('german', word)`, the AND
 * of its lexemes, none for a stop word) or a lexeme of the vocabulary as it is.
 */
export type TsTerm = { word: string } | { lexeme: string };

/** The words of `parts` that are stemmed (TsTerm), each once. */
export function stemmedWords(parts: readonly TsQueryPart[]): string[] {
  const words = parts.flatMap((part) =>
    part.terms.flatMap((terms) => terms.flatMap((term) => ('word' in term ? [term.word] : []))),
  );
  return [...new Set(words)];
}

/**
 * The tsquery of a free text, in SQL the AND of its parts' tsqueries (for ranking, the planner's
 * estimates and counts). As a condition on an indexed vector (`matches`) it states the same match
 * with each part's alternatives in an `@@` of their own: an index reads them on their own (a
 * bitmap OR), where GIN and RUM check every entry of an OR of many lexemes against all of them.
 * At a million media the 240 most popular matches of 'Tallo' with its 32 compounds and completions
 * took 21 ms from the popular tier's RUM index as one tsquery and 4 ms with a condition per
 * lexeme, GIN's bitmap of them 15 ms and 6 ms; planning a condition per lexeme cost about 1 ms
 * more (0.15 ms as one tsquery), and three lexemes to a condition less again.
 */
export class TextTsQuery extends SQL {
  /**
   * @param together match as one tsquery after all (`withAlternativesTogether`): where a word
   *   beside a widened one is frequent, its posting list read once an alternative costs more
   *   than GIN checking every entry of the OR against all of them
   */
  constructor(
    readonly parts: readonly TsQueryPart[],
    readonly together = false,
  ) {
    super(
      sql`(${sql.join(
        parts.map((part) => part.tsQuery),
        sql` && `,
      )})`.queryChunks,
    );
  }

  /**
   * The same match as `vector @@ this`, the alternatives of each part that has several in an `@@`
   * of their own; the parts of one alternative stay one tsquery, which GIN intersects itself.
   */
  matchedBy(vector: SQL): SQL {
    const apart = this.alternativesApart(vector);
    return this.together ? new TogetherCondition(sql`${vector} @@ ${this}`, apart) : apart;
  }

  private alternativesApart(vector: SQL): SQL {
    const single = this.parts.filter((part) => part.anyOf.length === 1);
    const conditions = this.parts
      .filter((part) => part.anyOf.length > 1)
      .map(
        ({ anyOf }) =>
          sql`(${sql.join(
            anyOf.map((alternative) => sql`${vector} @@ ${alternative}`),
            sql` OR `,
          )})`,
      );
    if (single.length > 0) {
      conditions.unshift(
        sql`${vector} @@ (${sql.join(
          single.map((part) => part.tsQuery),
          sql` && `,
        )})`,
      );
    }
    return sql.join(conditions, sql` AND `);
  }
}

/**
 * A text condition stated as one tsquery, which GIN reads best, that knows its statement with the
 * alternatives apart, which RUM reads best (alternativesApart).
 */
class TogetherCondition extends SQL {
  constructor(
    together: SQL,
    readonly apart: SQL,
  ) {
    super(together.queryChunks);
  }
}

/**
 * `condition` with the alternatives of its text conditions apart, for a statement the planner
 * answers from a RUM index: RUM checks every entry of a tsquery's OR against all of them, where
 * the OR's lexemes have an `@@` each ('Hanka Unterricht' among the popular tier at a million
 * media: 19 ms as one tsquery, 4 ms so).
 */
export function alternativesApart(condition: SQL): SQL {
  return new SQL(condition.queryChunks.map(chunkApart));
}

function chunkApart(chunk: SQLChunk): SQLChunk {
  if (chunk instanceof TogetherCondition) {
    return chunk.apart;
  }
  if (chunk instanceof SQL) {
    return alternativesApart(chunk);
  }
  return Array.isArray(chunk) ? chunk.map(chunkApart) : chunk;
}

/**
 * Whether `tsQuery` should match as one tsquery (TextTsQuery.together): when its whole words
 * beside the widened ones, their posting lists read once more for each further alternative,
 * would be read for at least as many entries as the catalogue has media. `lexemes` are the
 * lexemes of the query's words outside phrases, in the order of its parts (undefined for a stop
 * word); `shares` the share of media whose search vectors hold a lexeme, for the planner's most
 * common ones (a lexeme not among them counts as rare).
 */
export function alternativesTogether(
  tsQuery: TextTsQuery,
  lexemes: readonly (string | undefined)[],
  shares: ReadonlyMap<string, number>,
): boolean {
  const parts = tsQuery.parts.slice(0, lexemes.length);
  const moreReads = parts.reduce((sum, part) => sum + part.anyOf.length - 1, 0);
  const wholeShare = lexemes.reduce(
    (sum, lexeme, at) =>
      sum + (parts[at]?.anyOf.length === 1 && lexeme !== undefined ? (shares.get(lexeme) ?? 0) : 0),
    0,
  );
  return moreReads * wholeShare >= 1;
}

/** `vector @@ tsQuery` as a condition; a TextTsQuery with its alternatives apart (matchedBy). */
export function matches(vector: SQL, tsQuery: SQL): SQL {
  return tsQuery instanceof TextTsQuery ? tsQuery.matchedBy(vector) : sql`${vector} @@ ${tsQuery}`;
}

/** A text query that matches when any of `parts` matches. */
export function anyPart(parts: readonly TsQueryPart[]): TextTsQuery {
  return new TextTsQuery([
    {
      tsQuery: sql`(${sql.join(
        parts.map((part) => part.tsQuery),
        sql` || `,
      )})`,
      anyOf: parts.flatMap((part) => part.anyOf),
      terms: parts.flatMap((part) => part.terms),
    },
  ]);
}

/**
 * The ordinal numbers as words, from the first to the thirteenth (school years), folded: '2.
 * Weltkrieg' is how teachers write 'Zweiter Weltkrieg', 'Klasse 7' what a text calls 'siebte
 * Klasse'.
 */
const ORDINALS = [
  'erste',
  'zweite',
  'dritte',
  'vierte',
  'fuenfte',
  'sechste',
  'siebte',
  'achte',
  'neunte',
  'zehnte',
  'elfte',
  'zwoelfte',
  'dreizehnte',
];

/**
 * What else a folded query word stands for: the subject area a school word names ('mathe':
 * Mathematik, schoolWordSubject), or the ordinal of a number ('2': zweite).
 */
export function synonymOf(word: string): string | undefined {
  const subject = schoolWordSubject(word);
  if (subject !== undefined) {
    return foldText(subject);
  }
  return /^\d+$/.test(word) ? ORDINALS[Number(word) - 1] : undefined;
}

/**
 * One folded query word: the word with German stemming, OR what it stands for (synonymOf: the
 * subject area of a school word, 'mathe' -> Mathematik, or a number's ordinal), OR the compounds
 * that contain it ('teilung' -> 'zellteil'), OR - for a compound - all of its parts ('zellkern'
 * -> 'zell' & 'kern'), OR - while it is being typed - the words it starts ('photosy' ->
 * 'photosynthes').
 */
export function wordPart(word: string, expansion?: WordExpansion): TsQueryPart {
  const itself = [sql`plainto_tsquery('german', ${word})`];
  const terms: TsTerm[][] = [[{ word }]];
  const synonym = synonymOf(word);
  if (synonym !== undefined) {
    itself.push(sql`plainto_tsquery('german', ${synonym})`);
    terms.push(textWords(synonym).map((part) => ({ word: part })));
  }
  const plain = (lexemes: readonly string[] | undefined) =>
    (lexemes ?? []).filter((lexeme) => LEXEME.test(lexeme));
  const compounds = plain(expansion?.compounds);
  const parts = plain(expansion?.parts);
  // A typed word's completions often are among its compounds too ('hanr': 9 of its 12): each
  // lexeme once, as every one is an index scan and a condition the planner weighs.
  const completions = plain(expansion?.completions).filter((lexeme) => !compounds.includes(lexeme));
  const alternatives = [...itself];
  const anyOf = [sql`(${sql.join(itself, sql` || `)})`];
  if (compounds.length > 0) {
    alternatives.push(sql`to_tsquery('simple', ${compounds.join(' | ')})`);
    anyOf.push(...lexemeGroups(compounds));
    terms.push(...compounds.map((lexeme) => [{ lexeme }]));
  }
  if (parts.length > 1) {
    const all = sql`to_tsquery('simple', ${parts.join(' & ')})`;
    alternatives.push(all);
    anyOf.push(all);
    terms.push(parts.map((lexeme) => ({ lexeme })));
  }
  if (completions.length > 0) {
    alternatives.push(sql`to_tsquery('simple', ${completions.join(' | ')})`);
    anyOf.push(...lexemeGroups(completions));
    terms.push(...completions.map((lexeme) => [{ lexeme }]));
  }
  return { tsQuery: sql`(${sql.join(alternatives, sql` || `)})`, anyOf, terms };
}

/**
 * How many of a word's compounds or completions share one alternative (TsQueryPart.anyOf): each
 * alternative is an `@@` the planner weighs on its own (about 37 µs of planning at a million
 * media, a third of it decompressing the search vector's statistics for `tsmatchsel`), and an
 * index scan. Three lexemes in one tsquery cost GIN and RUM little more than one, where they are
 * rare; the widened statements of 86 queries of the benchmark's log took 9 % less time so than
 * with a condition per lexeme (2: 6 %, 4: 9 %, with more lexemes of a frequent one in the same
 * tsquery).
 */
export const LEXEMES_PER_ALTERNATIVE = 3;

/** The lexemes of the vocabulary as tsqueries of LEXEMES_PER_ALTERNATIVE each. */
function lexemeGroups(lexemes: readonly string[]): SQL[] {
  const groups: SQL[] = [];
  for (let at = 0; at < lexemes.length; at += LEXEMES_PER_ALTERNATIVE) {
    const group = lexemes.slice(at, at + LEXEMES_PER_ALTERNATIVE);
    groups.push(sql`to_tsquery('simple', ${group.join(' | ')})`);
  }
  return groups;
}

/** The tsquery of one folded query word (wordPart). */
export function wordTsQuery(word: string, expansion?: WordExpansion): SQL {
  return wordPart(word, expansion).tsQuery;
}

/**
 * The word of a query the user is still typing: its last word outside quotes when nothing
 * follows it, from two letters on.
 */
export function typedPrefix(query: string): string | undefined {
  const last = queryWords(queryPhrases(query).rest).at(-1);
  const typing = !/[\s\p{P}]$/u.test(query);
  return typing && last !== undefined && last.length >= 2 ? last : undefined;
}

/**
 * The parts of a free-text search, one per word or quoted phrase: a word matches with German
 * stemming (so 'Pflanze' finds 'Pflanzen'), school words and compounds (wordPart); the word still
 * being typed also matches the vocabulary's words it starts ('Photosy' finds 'Photosynthese';
 * `completions` of its expansion); a phrase matches its words in order. Stop words drop out.
 */
export function searchTsQueryParts(
  query: string,
  expansions?: WordExpansions,
): { words: TsQueryPart[]; phrases: TsQueryPart[] } {
  const { phrases, rest } = queryPhrases(query);
  return {
    words: queryWords(rest).map((word) => wordPart(word, expansions?.get(word))),
    phrases: phrases.map((phrase) => {
      const tsQuery = sql`phraseto_tsquery('german', ${phrase.join(' ')})`;
      return { tsQuery, anyOf: [tsQuery], terms: [phrase.map((word) => ({ word }))] };
    }),
  };
}

/**
 * The parts of a free text for the media that match most of them (when none matched all): as
 * searchTsQueryParts, but a compound of known words is a part for each ('Kernkraftwerk':
 * 'kernkraft', 'werk'), as no medium had them together.
 */
export function partialTsQueryParts(
  query: string,
  expansions?: WordExpansions,
): { words: TsQueryPart[]; phrases: TsQueryPart[] } {
  const { words, phrases } = searchTsQueryParts(query, expansions);
  const split = queryWords(queryPhrases(query).rest).flatMap((word, at) => {
    const parts = (expansions?.get(word)?.parts ?? []).filter((lexeme) => LEXEME.test(lexeme));
    const whole = words[at];
    return parts.length > 1 ? parts.map(lexemePart) : whole === undefined ? [] : [whole];
  });
  return { words: split, phrases };
}

/** A lexeme of the vocabulary as a part of its own. */
function lexemePart(lexeme: string): TsQueryPart {
  const tsQuery = sql`to_tsquery('simple', ${lexeme})`;
  return { tsQuery, anyOf: [tsQuery], terms: [[{ lexeme }]] };
}

/** The tsquery of a free-text search: every word and phrase must match; undefined for none. */
export function searchTsQuery(query: string, expansions?: WordExpansions): TextTsQuery | undefined {
  const { words, phrases } = searchTsQueryParts(query, expansions);
  const parts = [...words, ...phrases];
  return parts.length === 0 ? undefined : new TextTsQuery(parts);
}
