import { SCHOOL_WORDS, type Suggestion } from '@medienkatalog/domain';
import { RangeMinimum } from './range-minimum.ts';
import { foldText } from './search-text.ts';

/** A completion with its weight (popularity, or how many media carry it). */
export interface SuggestionSource extends Suggestion {
  weight: number;
}

/** Folded, with every run of other characters as one space: 'Zellteilung: Mitose' -> 'zellteilung mitose'. */
const normalise = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface Key {
  /** The normalised text from one word of the entry on. */
  key: string;
  entry: number;
  /** The key starts at the entry's first word (ranked before matches inside it). */
  start: boolean;
}

/** The position of the first key not before `prefix` (binary search). */
function lowerBound(keys: readonly Key[], prefix: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle]?.key ?? '') < prefix) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

const collator = new Intl.Collator('de');

/**
 * Most keys a completion of several words looks at for the entries with all of them: a word of
 * two letters may start a hundred thousand, of which the best come first (about 6 µs a key at a
 * million media; 5,000 took 32 ms for 'un zz').
 */
const MAX_SCANNED = 1_000;

/** Whether each of `words` starts a word of the normalised `text`. */
function hasWordStarts(text: string | undefined, words: readonly string[]): boolean {
  const own = ` ${text ?? ''}`;
  return words.every((word) => own.includes(` ${word}`));
}

/**
 * Completions while typing, from memory: every title, keyword, subject area and producer is
 * found by the start of any of its words ('photo' finds 'Die Photosynthese'), umlauts and case
 * folded. Those starting with the typed text come first, then by weight, then by text. The best
 * few of the keys a prefix matches come from a range-minimum tree over the keys' places in that
 * order, so two letters that match half of the catalogue cost no more than a whole word.
 */
export class SuggestionIndex {
  private readonly entries: readonly SuggestionSource[];
  /** Each entry's text normalised. */
  private readonly folded: readonly string[];
  private readonly keys: Key[];
  private readonly best: RangeMinimum;

  constructor(sources: readonly SuggestionSource[]) {
    const seen = new Set<string>();
    this.entries = sources.filter((source) => {
      const id = `${source.kind}\n${source.text}`;
      const fresh = source.text.trim() !== '' && !seen.has(id);
      seen.add(id);
      return fresh;
    });
    this.folded = this.entries.map((entry) => normalise(entry.text));
    this.keys = this.folded.flatMap((folded, index) => {
      const starts = [...folded.matchAll(/[a-z0-9]+/g)].map((match) => match.index);
      return starts.map((at, position) => ({
        key: folded.slice(at),
        entry: index,
        start: position === 0,
      }));
    });
    this.keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // An entry's place among all entries; a key inside an entry comes after every start.
    const byWeight = this.entries
      .map((_, index) => index)
      .sort(
        (a, b) =>
          (this.entries[b]?.weight ?? 0) - (this.entries[a]?.weight ?? 0) ||
          collator.compare(this.entries[a]?.text ?? '', this.entries[b]?.text ?? ''),
      );
    const place = new Uint32Array(this.entries.length);
    byWeight.forEach((entry, position) => {
      place[entry] = position;
    });
    this.best = new RangeMinimum(
      Float64Array.from(
        this.keys,
        (key) => (key.start ? 0 : this.entries.length) + (place[key.entry] ?? 0),
      ),
    );
  }

  get size(): number {
    return this.entries.length;
  }

  /** The keys that start with `prefix`: [from, to). */
  private range(prefix: string): { from: number; to: number } {
    return {
      from: lowerBound(this.keys, prefix),
      to: lowerBound(this.keys, `${prefix}\uffff`),
    };
  }

  /** Adds to `found` the entries of the keys in [from, to) that are `wanted`, best first. */
  private collect(
    { from, to }: { from: number; to: number },
    limit: number,
    found: Set<number>,
    wanted: (entry: number) => boolean,
  ): void {
    let scanned = 0;
    for (const at of this.best.ascending(from, to)) {
      const entry = this.keys[at]?.entry;
      if (entry !== undefined && wanted(entry)) {
        found.add(entry);
      }
      scanned += 1;
      if (found.size === limit || scanned === MAX_SCANNED) {
        break;
      }
    }
  }

  /**
   * Up to `limit` completions of `text`, each once: the entries with the text at the start of a
   * word, then, for several words, those with each word at the start of one of theirs, in any
   * order ('Weltkrieg zwe' finds 'Der Zweite Weltkrieg'). These are looked for among the keys
   * of the word with fewest, at most MAX_SCANNED of them, best first.
   */
  suggest(text: string, limit = 8): Suggestion[] {
    const prefix = normalise(text);
    if (prefix.length < 2) {
      return [];
    }
    const found = new Set<number>();
    this.collect(this.range(prefix), limit, found, () => true);
    const words = prefix.split(' ');
    if (found.size < limit && words.length > 1) {
      const [fewest] = words
        .map((word) => this.range(word))
        .sort((a, b) => a.to - a.from - (b.to - b.from));
      if (fewest !== undefined) {
        this.collect(fewest, limit, found, (entry) => hasWordStarts(this.folded[entry], words));
      }
    }
    return [...found].flatMap((entry) => {
      const source = this.entries[entry];
      return source ? [{ text: source.text, kind: source.kind }] : [];
    });
  }
}

/**
 * The sources with the school words ('Erdkunde' for Geographie, SCHOOL_WORDS) as subject areas,
 * each weighted as the subject area it stands for, where that has media: typed 'Erdk', nothing
 * was completed, though 'Erdkunde' finds the media of Geographie.
 */
export function withSchoolWords(sources: readonly SuggestionSource[]): SuggestionSource[] {
  const subjects = new Map(
    sources
      .filter((source) => source.kind === 'subject')
      .map((source) => [source.text.toLowerCase(), source.weight]),
  );
  const schoolWords = Object.entries(SCHOOL_WORDS).flatMap(([text, name]) => {
    const weight = subjects.get(name.toLowerCase());
    return weight === undefined ? [] : [{ text, kind: 'subject' as const, weight }];
  });
  return [...sources, ...schoolWords];
}

/**
 * The suggestion index of the catalogue, built on first use and rebuilt in the background when
 * the catalogue changed (checked at most every `recheckMs`); meanwhile the last one answers.
 */
export class CatalogueSuggestions {
  private current: { index: SuggestionIndex; version: number; checkedAt: number } | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly load: () => Promise<SuggestionSource[]>,
    private readonly version: () => Promise<number>,
    private readonly recheckMs = 10_000,
  ) {}

  async suggest(text: string): Promise<Suggestion[]> {
    if (this.current === undefined) {
      await this.refresh();
    } else if (Date.now() - this.current.checkedAt > this.recheckMs) {
      void this.refresh().catch(() => undefined);
    }
    return this.current?.index.suggest(text) ?? [];
  }

  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const version = await this.version();
        if (this.current?.version === version) {
          this.current.checkedAt = Date.now();
          return;
        }
        const index = new SuggestionIndex(await this.load());
        this.current = { index, version, checkedAt: Date.now() };
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}
