/** A word of the catalogue's vocabulary (`search_words`): a stem and how many media have it. */
export interface VocabularyWord {
  word: string;
  ndoc: number;
}

/**
 * The trigrams of a text as pg_trgm makes them: each word (a run of letters and digits,
 * lower-cased) padded with two spaces before and one after, each three characters once.
 */
export function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const padded = [' ', ' ', ...Array.from(word), ' '];
    for (let at = 0; at + 3 <= padded.length; at += 1) {
      found.add(padded.slice(at, at + 3).join(''));
    }
  }
  return found;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both, as a `real`. */
export function similarity(a: string, b: string): number {
  const first = trigrams(a);
  const second = trigrams(b);
  let shared = 0;
  for (const trigram of first) {
    shared += second.has(trigram) ? 1 : 0;
  }
  return sharedShare(shared, first.size, second.size);
}

/** The similarity of two sets of trigrams of these sizes with `shared` in common. */
function sharedShare(shared: number, first: number, second: number): number {
  const all = first + second - shared;
  return all === 0 ? 0 : Math.fround(shared / all);
}

/** pg_trgm's default `similarity_threshold`: below it two words are not similar (`%`). */
export const SIMILARITY_THRESHOLD = 0.3;

/** Edit distance with swaps of neighbours (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      const row = rows[i];
      if (row) {
        row[j] = best;
      }
    }
  }
  return at(a.length, b.length);
}

/**
 * How many edits (editDistance) a correction of a word may make: none up to three letters, one
 * up to five, a quarter of the word's length above. A typing error changes a letter or two; a
 * shorter or longer word of the vocabulary is another word: 'weltall' is not a misspelled 'welt'
 * (three letters fewer, though similar by trigrams), 'schulhof' not 'schul' (Schule), while
 * 'fotosynths' (Fotosynthse) is 'photosynthes' three edits away. A word of three letters has too
 * many neighbours one edit away to tell its error: 'sek' (Sek I) became 'sed', 'hof' 'hor'.
 */
export function correctableEdits(word: string): number {
  const letters = Array.from(word).length;
  if (letters <= 3) {
    return 0;
  }
  return letters <= 5 ? 1 : Math.ceil(letters / 4);
}

/**
 * The vocabulary in memory with a trigram index, for correcting typing errors: the most similar
 * word of a misspelled one, as `ORDER BY similarity DESC, ndoc DESC, word` over pg_trgm's `%`
 * would find it among the words at most correctableEdits away. The words that share a trigram with it are counted from the index, so a word
 * costs a few thousand additions however large the vocabulary: at a million media (66,000
 * words) the trigram index of PostgreSQL took about 5 ms a word.
 */
export class Vocabulary {
  private readonly words: readonly VocabularyWord[];
  private readonly frequencies: ReadonlyMap<string, number>;
  /** The words in alphabetical order, and in the order of their reversed spellings. */
  private readonly forwards: SortedWords;
  private readonly backwards: SortedWords;
  /** Built at the first correction (a search needs it only when it corrects a word). */
  private trigramIndex: TrigramIndex | undefined;

  constructor(words: readonly VocabularyWord[]) {
    this.words = words;
    this.frequencies = new Map(words.map(({ word, ndoc }) => [word, ndoc]));
    this.forwards = new SortedWords(words, (word) => word);
    this.backwards = new SortedWords(words, reversed);
  }

  private get trigrams(): TrigramIndex {
    this.trigramIndex ??= new TrigramIndex(this.words);
    return this.trigramIndex;
  }

  get size(): number {
    return this.words.length;
  }

  /** How many media have the word (its `ndoc`), undefined for a word not in the vocabulary. */
  frequency(word: string): number | undefined {
    return this.frequencies.get(word);
  }

  /**
   * The longest word of the vocabulary of at least `part` letters that `word` starts with,
   * followed by at least `part` letters more: the first part of a compound ('energiewend':
   * 'energi'); undefined for none.
   */
  longestStart(word: string, part: number): string | undefined {
    for (let length = word.length - part; length >= part; length -= 1) {
      const start = word.slice(0, length);
      if (this.frequencies.has(start)) {
        return start;
      }
    }
    return undefined;
  }

  /** The words that start with `prefix` (a new array each time). */
  startingWith(prefix: string): VocabularyWord[] {
    return this.forwards.startingWith(prefix);
  }

  /** The words that end with `suffix` (a new array each time). */
  endingWith(suffix: string): VocabularyWord[] {
    return this.backwards.startingWith(reversed(suffix));
  }

  /**
   * The most similar word of the vocabulary (at least `threshold`) that is at most
   * correctableEdits away, or undefined.
   */
  mostSimilar(word: string, threshold = SIMILARITY_THRESHOLD): string | undefined {
    const wanted = trigrams(word);
    const edits = correctableEdits(word);
    const { sizes, postings, shared } = this.trigrams;
    // Shared trigrams per word, counted in a scratch array (the call runs to its end at once).
    const touched: number[] = [];
    for (const trigram of wanted) {
      for (const index of postings.get(trigram) ?? []) {
        if (shared[index] === 0) {
          touched.push(index);
        }
        shared[index] = (shared[index] ?? 0) + 1;
      }
    }
    let best: { similarity: number; entry: VocabularyWord } | undefined;
    for (const index of touched) {
      const count = shared[index] ?? 0;
      shared[index] = 0;
      const entry = this.words[index];
      const similar = sharedShare(count, wanted.size, sizes[index] ?? 0);
      if (entry === undefined || similar < threshold) {
        continue;
      }
      const better =
        best === undefined ||
        similar > best.similarity ||
        (similar === best.similarity &&
          (entry.ndoc > best.entry.ndoc ||
            (entry.ndoc === best.entry.ndoc && entry.word < best.entry.word)));
      // Measured only for a word that would be the best so far: a few in each call.
      if (better && editDistance(word, entry.word) <= edits) {
        best = { similarity: similar, entry };
      }
    }
    return best?.entry.word;
  }
}

/** For each trigram the words that have it, and how many trigrams each word has. */
class TrigramIndex {
  readonly sizes: Uint16Array;
  /** For each trigram, the words that have it (by index). */
  readonly postings = new Map<string, number[]>();
  /** Scratch counts of shared trigrams per word (mostSimilar). */
  readonly shared: Uint16Array;

  constructor(words: readonly VocabularyWord[]) {
    this.sizes = new Uint16Array(words.length);
    this.shared = new Uint16Array(words.length);
    words.forEach(({ word }, index) => {
      const own = trigrams(word);
      this.sizes[index] = own.size;
      for (const trigram of own) {
        const list = this.postings.get(trigram);
        if (list === undefined) {
          this.postings.set(trigram, [index]);
        } else {
          list.push(index);
        }
      }
    });
  }
}

/** A text spelled backwards (by code points). */
function reversed(text: string): string {
  return Array.from(text).reverse().join('');
}

/** Words sorted by a key of each (in code unit order), for the words whose key has a prefix. */
class SortedWords {
  private readonly keys: string[];
  private readonly entries: VocabularyWord[];

  constructor(words: readonly VocabularyWord[], keyOf: (word: string) => string) {
    const keyed = words
      .map((entry) => ({ key: keyOf(entry.word), entry }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = keyed.map(({ key }) => key);
    this.entries = keyed.map(({ entry }) => entry);
  }

  startingWith(prefix: string): VocabularyWord[] {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.keys[middle] ?? '') < prefix) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    let end = low;
    while (end < this.keys.length && (this.keys[end] ?? '').startsWith(prefix)) {
      end += 1;
    }
    return this.entries.slice(low, end);
  }
}

/**
 * The vocabulary of the catalogue at a version (`catalogue_version.vocabulary`, raised by every
 * rebuild of `search_words`): loaded when a version is first asked for, meanwhile shared by
 * everyone who asks for it.
 */
export class VersionedVocabulary {
  private current: { version: number; vocabulary: Promise<Vocabulary> } | undefined;

  constructor(private readonly load: () => Promise<VocabularyWord[]>) {}

  at(version: number): Promise<Vocabulary> {
    if (this.current?.version !== version) {
      const vocabulary = this.load().then((words) => new Vocabulary(words));
      this.current = { version, vocabulary };
      vocabulary.catch(() => {
        if (this.current?.vocabulary === vocabulary) {
          this.current = undefined;
        }
      });
    }
    return this.current.vocabulary;
  }
}
