import { LRUCache } from 'lru-cache';
import type { WordExpansion, WordExpansions } from './search-text.ts';
import type { Vocabulary, VocabularyWord } from './vocabulary.ts';

/** Most compounds of the vocabulary a query word also matches (the most frequent). */
export const MAX_COMPOUNDS = 20;

/** Shortest query word looked up in compounds, and shortest part of a compound. */
export const MIN_PART = 4;

/** Most vocabulary words a word still being typed also matches (the most frequent). */
export const MAX_COMPLETIONS = 12;

/** The stem of a text as the search vector holds it (its first lexeme), undefined for none. */
export type StemOf = (text: string) => string | undefined;

/** Most stems RememberedStems keeps (a query's words bring up to a few dozen texts each). */
const REMEMBERED_STEMS = 100_000;

/**
 * What the database's German stemmer makes of a text (CatalogueRepository.stems): its stem,
 * null for a stop word, and the lexemes of its `plainto_tsquery`.
 */
export interface TextStems {
  stem: string | null;
  lexemes: readonly string[];
}

/**
 * The stems of texts as the database's German stemmer gives them (CatalogueRepository.stems),
 * remembered: a text's stem never changes, so only texts not seen before are sent (every search
 * sent a statement for its words' stems: about 1 ms of the 7 ms of a rare word at a million
 * media).
 */
export class RememberedStems {
  private readonly known = new LRUCache<string, TextStems>({ max: REMEMBERED_STEMS });

  constructor(
    private readonly stemsOf: (texts: readonly string[]) => Promise<Map<string, TextStems>>,
  ) {}

  /** The stem of each text, null for a stop word. */
  async of(texts: readonly string[]): Promise<Map<string, string | null>> {
    const known = await this.lookUp(texts);
    return new Map([...known].map(([text, { stem }]) => [text, stem]));
  }

  /** The lexemes of each text's `plainto_tsquery('german', text)`, none for a stop word. */
  async lexemesOf(texts: readonly string[]): Promise<Map<string, readonly string[]>> {
    const known = await this.lookUp(texts);
    return new Map([...known].map(([text, { lexemes }]) => [text, lexemes]));
  }

  private async lookUp(texts: readonly string[]): Promise<Map<string, TextStems>> {
    const missing = texts.filter((text) => !this.known.has(text));
    if (missing.length > 0) {
      for (const [text, stems] of await this.stemsOf(missing)) {
        this.known.set(text, stems);
      }
    }
    return new Map(
      texts.flatMap((text) => {
        const stems = this.known.get(text);
        return stems === undefined ? [] : [[text, stems] as const];
      }),
    );
  }
}

/** The query words (folded) that are looked up in compounds and parts: long enough, once. */
function longWords(words: readonly string[]): string[] {
  return [...new Set(words)].filter((word) => word.length >= MIN_PART);
}

/**
 * The vocabulary words that may be compounds with `word` (folded: letters and digits) as first
 * part (they start with its first MIN_PART letters) or as last part (they end with its first
 * MIN_PART or more letters: stemming only strips endings, so a compound's stem ends with a
 * beginning of the word).
 */
function compoundCandidates(vocabulary: Vocabulary, word: string): VocabularyWord[] {
  const found = new Map<string, VocabularyWord>();
  for (const entry of vocabulary.startingWith(word.slice(0, MIN_PART))) {
    found.set(entry.word, entry);
  }
  for (let length = MIN_PART; length <= word.length; length += 1) {
    for (const entry of vocabulary.endingWith(word.slice(0, length))) {
      found.set(entry.word, entry);
    }
  }
  return [...found.values()];
}

/**
 * Where a compound candidate may have `word` as its last part: after a head of at least three
 * letters, at the first place the word's first MIN_PART letters occur; -1 for none.
 */
function headLength(candidate: string, word: string): number {
  const start = word.slice(0, MIN_PART);
  return candidate.indexOf(start, 3) >= 3 ? candidate.indexOf(start) : -1;
}

/** The ways to cut a word into two parts of at least MIN_PART letters. */
function cuts(word: string): number[] {
  const found: number[] = [];
  for (let at = MIN_PART; at <= word.length - MIN_PART; at += 1) {
    found.push(at);
  }
  return found;
}

/**
 * The texts whose stems `expandWords` needs for these query words: each word, its parts at
 * every cut, and each compound candidate's head followed by the word; and the word being typed
 * (`typed`), however short: it is no completion of its own.
 */
export function textsToStem(
  vocabulary: Vocabulary,
  words: readonly string[],
  typed?: string,
): string[] {
  const texts = new Set<string>(typed === undefined ? [] : [typed]);
  for (const word of longWords(words)) {
    texts.add(word);
    for (const at of cuts(word)) {
      texts.add(word.slice(0, at));
      texts.add(word.slice(at));
    }
    for (const { word: candidate } of compoundCandidates(vocabulary, word)) {
      const head = headLength(candidate, word);
      if (head >= 0) {
        texts.add(candidate.slice(0, head) + word);
      }
    }
  }
  return [...texts];
}

const byFrequency = (a: VocabularyWord, b: VocabularyWord) =>
  b.ndoc - a.ndoc || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * What each folded query word of at least MIN_PART letters also matches in the vocabulary: the
 * compounds with the word as first part (its stem followed by at least 3 letters: 'strom' ->
 * 'stromkreis') or last part (the stem of the compound's head followed by the word is the
 * compound: 'teilung' -> 'zellteil'), the MAX_COMPOUNDS most frequent; the word's two parts when
 * both are vocabulary stems of at least MIN_PART letters ('zellkern' -> 'zell', 'kern'; the cut
 * whose rarer part is most frequent); whether the vocabulary holds its stem (`known`); and for
 * `typed`, the word still being typed, the MAX_COMPLETIONS most frequent vocabulary words it
 * starts, but not its own stem. A word without a stem (a stop word) has no entry but its
 * completions. `stemOf` knows the stems of textsToStem's texts.
 */
export function expandWords(
  vocabulary: Vocabulary,
  words: readonly string[],
  typed: string | undefined,
  stemOf: StemOf,
): WordExpansions {
  const expansions = new Map<string, WordExpansion>();
  for (const word of longWords(words)) {
    const stem = stemOf(word);
    if (stem === undefined) {
      continue;
    }
    const compounds = compoundCandidates(vocabulary, word)
      .filter(({ word: candidate }) => {
        if (candidate === stem) {
          return false;
        }
        if (candidate.startsWith(stem) && candidate.length >= stem.length + 3) {
          return true;
        }
        const head = headLength(candidate, word);
        return head >= 0 && stemOf(candidate.slice(0, head) + word) === candidate;
      })
      .sort(byFrequency)
      .slice(0, MAX_COMPOUNDS)
      .map((entry) => entry.word);
    let parts: { stems: string[]; rarer: number } | undefined;
    for (const at of cuts(word)) {
      const first = stemOf(word.slice(0, at));
      const second = stemOf(word.slice(at));
      const known = [first, second].map((part) =>
        part === undefined || part.length < MIN_PART ? undefined : vocabulary.frequency(part),
      );
      const rarer = Math.min(known[0] ?? -1, known[1] ?? -1);
      if (
        first !== undefined &&
        second !== undefined &&
        rarer >= 0 &&
        rarer > (parts?.rarer ?? -1)
      ) {
        parts = { stems: [first, second], rarer };
      }
    }
    expansions.set(word, {
      compounds,
      parts: parts?.stems ?? [],
      completions: [],
      known: vocabulary.frequency(stem) !== undefined,
    });
  }
  if (typed !== undefined && /^[a-z0-9]+$/.test(typed)) {
    // Not the word's own stem, however short: the word matches itself already, and a completion
    // that widens nothing made the search rank the whole-word matches as a second set ('nesaka',
    // 3,035 matches at a million media: every match read twice, 17 ms; 'BRD', 24,523: 227 ms).
    const own = expansions.get(typed);
    const stem = stemOf(typed);
    const completions = vocabulary
      .startingWith(typed)
      .filter((entry) => entry.word !== stem)
      .sort(byFrequency)
      .slice(0, MAX_COMPLETIONS)
      .map((entry) => entry.word);
    const known = stem === undefined ? undefined : vocabulary.frequency(stem) !== undefined;
    expansions.set(typed, {
      compounds: own?.compounds ?? [],
      parts: own?.parts ?? [],
      completions,
      ...(known !== undefined && { known }),
    });
  }
  return expansions;
}
