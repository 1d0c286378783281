import type { Suggestion } from '@medienkatalog/domain';
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

/**
 * Completions while typing, from memory: every title, keyword, subject area and producer is
 * found by the start of any of its words ('photo' finds 'Die Photosynthese'), umlauts and case
 * folded. Those starting with the typed text come first, then by weight.
 */
export class SuggestionIndex {
  private readonly entries: readonly SuggestionSource[];
  private readonly keys: Key[];

  constructor(sources: readonly SuggestionSource[]) {
    const seen = new Set<string>();
    this.entries = sources.filter((source) => {
      const id = `${source.kind}\n${source.text}`;
      const fresh = source.text.trim() !== '' && !seen.has(id);
      seen.add(id);
      return fresh;
    });
    this.keys = this.entries.flatMap((entry, index) => {
      const folded = normalise(entry.text);
      const starts = [...folded.matchAll(/[a-z0-9]+/g)].map((match) => match.index);
      return starts.map((at, position) => ({
        key: folded.slice(at),
        entry: index,
        start: position === 0,
      }));
    });
    this.keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Up to `limit` completions of `text`, each once. */
  suggest(text: string, limit = 8): Suggestion[] {
    const prefix = normalise(text);
    if (prefix.length < 2) {
      return [];
    }
    const found = new Map<number, boolean>();
    for (let at = lowerBound(this.keys, prefix); at < this.keys.length; at += 1) {
      const key = this.keys[at];
      if (key === undefined || !key.key.startsWith(prefix)) {
        break;
      }
      found.set(key.entry, (found.get(key.entry) ?? false) || key.start);
    }
    return [...found]
      .map(([entry, start]) => ({ source: this.entries[entry], start }))
      .filter((match): match is { source: SuggestionSource; start: boolean } => !!match.source)
      .sort(
        (a, b) =>
          Number(b.start) - Number(a.start) ||
          b.source.weight - a.source.weight ||
          a.source.text.localeCompare(b.source.text, 'de'),
      )
      .slice(0, limit)
      .map(({ source }) => ({ text: source.text, kind: source.kind }));
  }
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
