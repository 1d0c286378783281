import {
  CatalogueDistinctQuerySchema,
  CatalogueSearchQuerySchema,
  MAX_SEARCH_PAGE,
  SCHOOL_WORDS,
  SEARCH_FILTER_FIELDS,
  SUBJECT_AREAS,
  SuggestQuerySchema,
} from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../apps/server/src/modules/catalogue/vocabulary.ts';
import { seededRandom } from '../../apps/server/src/seed/random.ts';
import {
  BANDS,
  buildQueryLog,
  compoundParts,
  GROUP_PLANS,
  repeatRate,
  typo,
  vocabularyFromSample,
  zipfSampler,
  type BandName,
  type LogEntry,
  type SampleMedium,
} from './query-log.ts';
import { syntheticMedia } from './synthetic-media.ts';

/** The bench's own synthetic catalogue, read as the database sample would be. */
function sampleOf(count: number): SampleMedium[] {
  return [...syntheticMedia(count, 1)].map((medium) => ({
    identifier: `${medium.pool}-${medium.fn_nr}`.toUpperCase(),
    title: medium.fn_titel,
    texts: [medium.fn_utitel, medium.fn_text, medium.fn_kurztext, medium.fn_langtext].join(' '),
    keywords: medium.fn_schlag,
    subjects: medium.fn_geb,
    producer: medium.fn_prodname,
    type: medium.fn_typ,
    published: medium.fn_status === 'published',
  }));
}

const vocabulary = vocabularyFromSample(sampleOf(20_000), 100_000, ['mz/bench/mediathek']);
const log = buildQueryLog(vocabulary, { seed: 7 });
const fold = (word: string) => word.toLowerCase();
const allWords = (Object.keys(BANDS) as BandName[]).flatMap((band) =>
  vocabulary.words[band].map((word) => word.text),
);
const known = new Set(allWords.map(fold));
const queryOf = (entry: LogEntry) => new URL(entry.path, 'http://bench').searchParams.get('q');
const inGroup = (name: string) => log.entries.filter((entry) => entry.group === name);

describe('query log', () => {
  it('has at least 5,000 distinct queries and every planned group, each big enough for a p95', () => {
    expect(new Set(log.entries.map((entry) => entry.path)).size).toBeGreaterThanOrEqual(5_000);
    for (const plan of GROUP_PLANS) {
      expect(inGroup(plan.name).length, plan.name).toBeGreaterThanOrEqual(
        Math.min(plan.requests, 300),
      );
    }
    for (const name of ['search: typos', 'search: compounds', 'search: synonyms', 'suggest']) {
      expect(new Set(inGroup(name).map((entry) => entry.path)).size, name).toBeGreaterThan(100);
    }
  });

  it('is the same log for the same seed and another for another seed', () => {
    const again = buildQueryLog(vocabulary, { seed: 7 });
    expect(again.entries).toEqual(log.entries);
    const other = buildQueryLog(vocabulary, { seed: 8 });
    expect(other.entries.map((entry) => entry.path)).not.toEqual(
      log.entries.map((entry) => entry.path),
    );
  });

  it('repeats queries like a real log: a few very often, most once, in a mixed order', () => {
    const counts = new Map<string, number>();
    for (const entry of log.entries) {
      counts.set(entry.path, (counts.get(entry.path) ?? 0) + 1);
    }
    const sorted = [...counts.values()].sort((a, b) => b - a);
    const top = sorted.slice(0, Math.ceil(sorted.length / 100));
    const topShare = top.reduce((sum, count) => sum + count, 0) / log.entries.length;
    const once = sorted.filter((count) => count === 1).length / sorted.length;
    // The top 1% of queries make a large share of the requests; most queries are asked once.
    expect(topShare).toBeGreaterThan(0.15);
    expect(once).toBeGreaterThan(0.6);
    // Not a perfect cache's dream, not all new either.
    const rate = repeatRate(log.entries.map((entry) => entry.path));
    expect(rate).toBeGreaterThan(0.3);
    expect(rate).toBeLessThan(0.7);
    // The groups are interleaved, not one block after the other.
    const firstThousand = new Set(log.entries.slice(0, 1_000).map((entry) => entry.group));
    expect(firstThousand.size).toBe(GROUP_PLANS.length);
  });

  it('asks only requests the server accepts', () => {
    for (const entry of log.entries) {
      const url = new URL(entry.path, 'http://bench');
      const query = Object.fromEntries(url.searchParams);
      switch (entry.endpoint) {
        case 'search':
          expect(url.pathname).toBe('/api/v1/media/catalogue/search');
          expect(CatalogueSearchQuerySchema.safeParse(query).success, entry.path).toBe(true);
          break;
        case 'distinct':
          expect(
            CatalogueDistinctQuerySchema.safeParse({ ...query, f: url.searchParams.getAll('f') })
              .success,
            entry.path,
          ).toBe(true);
          break;
        case 'suggest':
          expect(SuggestQuerySchema.parse(query).q.length).toBeGreaterThanOrEqual(2);
          break;
        case 'detail':
          expect(url.pathname).toMatch(/^\/api\/v1\/media\/POOL\d\d-\d+$/);
          break;
      }
    }
  });

  it('draws single words from their frequency band', () => {
    const bands: [string, BandName][] = [
      ['search: rare word (<0.05%)', 'rare'],
      ['search: uncommon word (<0.5%)', 'uncommon'],
      ['search: medium word (0.5-5%)', 'medium'],
      ['search: frequent word (5-30%)', 'frequent'],
      ['search: broad word (>30%)', 'broad'],
    ];
    for (const [group, band] of bands) {
      const shares = new Map(vocabulary.words[band].map((word) => [fold(word.text), word.share]));
      const entries = inGroup(group);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const share = shares.get(fold(queryOf(entry) ?? ''));
        expect(share, entry.path).toBeDefined();
        expect(share).toBeGreaterThan(BANDS[band].from);
        expect(share).toBeLessThanOrEqual(BANDS[band].to);
      }
    }
  });

  it('has several words (2 to 4) and quoted phrases', () => {
    const queries = inGroup('search: several words').map((entry) => queryOf(entry) ?? '');
    const lengths = new Set(queries.map((query) => query.replaceAll('"', '').split(' ').length));
    expect([...lengths].every((length) => length >= 2 && length <= 5)).toBe(true);
    expect(lengths).toContain(2);
    expect(lengths).toContain(4);
    expect(queries.filter((query) => /^"[^"]+"/.test(query)).length).toBeGreaterThan(50);
  });

  it('types prefixes of known words, and typos one edit away from one', () => {
    const prefixes = new Set(
      allWords.flatMap((word) =>
        Array.from({ length: word.length - 3 }, (_, i) => fold(word.slice(0, 3 + i))),
      ),
    );
    for (const entry of inGroup('search: prefix while typing')) {
      const prefix = fold((queryOf(entry) ?? '').split(' ').pop() ?? '');
      expect(prefix.length).toBeGreaterThanOrEqual(3);
      expect(prefixes.has(prefix), entry.path).toBe(true);
    }
    // Typos are made in words of the middle bands: one of the words one edit away from the typo
    // (deleted, swapped, replaced or inserted letter) is such a word.
    const middle = new Set(
      (['uncommon', 'medium', 'frequent'] as const).flatMap((band) =>
        vocabulary.words[band].map(({ text }) => fold(text)),
      ),
    );
    const letters = [...new Set([...middle].join(''))];
    const oneEditAway = (word: string) => {
      const near: string[] = [];
      for (let i = 0; i <= word.length; i += 1) {
        const [head, tail] = [word.slice(0, i), word.slice(i)];
        near.push(head + tail.slice(1), head + tail.charAt(1) + tail.charAt(0) + tail.slice(2));
        for (const letter of letters) {
          near.push(head + letter + tail.slice(1), head + letter + tail);
        }
      }
      return near;
    };
    const untraced = inGroup('search: typos')
      .map((entry) => fold((queryOf(entry) ?? '').split(' ')[0] ?? ''))
      .filter((wrong) => known.has(wrong) || !oneEditAway(wrong).some((word) => middle.has(word)));
    expect(untraced).toEqual([]);
  });

  it('searches compound parts: the tail of a longer word of the catalogue', () => {
    const parts = inGroup('search: compounds').map((entry) =>
      fold((queryOf(entry) ?? '').split(' ')[0] ?? ''),
    );
    for (const part of parts) {
      expect(
        allWords.some((word) => word.length > part.length + 2 && fold(word).endsWith(part)),
        part,
      ).toBe(true);
    }
    // Real German compounds of the catalogue are among them, not only invented words.
    expect(parts).toEqual(expect.arrayContaining(['teilung', 'kreislauf']));
  });

  it('asks school words and subject names', () => {
    const queries = inGroup('search: synonyms').map((entry) => fold(queryOf(entry) ?? ''));
    const schoolWords = Object.keys(SCHOOL_WORDS)
      .map(fold)
      .filter((word) => queries.some((query) => query.split(' ')[0] === word));
    expect(schoolWords).toEqual(expect.arrayContaining(['mathe', 'bio', 'erdkunde', 'reli']));
    const labels = SUBJECT_AREAS.map((area) => fold(area.label));
    expect(
      new Set(queries.filter((query) => labels.some((label) => query.startsWith(label)))).size,
    ).toBeGreaterThan(20);
  });

  it('filters by every field, with and without words, and pages deep', () => {
    const filters = inGroup('search: filters').map((entry) => new URL(entry.path, 'http://b'));
    for (const name of [...SEARCH_FILTER_FIELDS, 'c']) {
      expect(
        filters.some((url) => url.searchParams.has(name)),
        name,
      ).toBe(true);
    }
    expect(filters.some((url) => url.searchParams.has('q'))).toBe(true);
    expect(filters.some((url) => !url.searchParams.has('q'))).toBe(true);
    expect(filters.some((url) => [...url.searchParams.keys()].length >= 3)).toBe(true);
    const pages = inGroup('search: deep pages').map((entry) =>
      Number(new URL(entry.path, 'http://b').searchParams.get('p')),
    );
    expect(Math.min(...pages)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...pages)).toBeLessThanOrEqual(MAX_SEARCH_PAGE);
    expect(pages.filter((page) => page >= 20).length).toBeGreaterThan(50);
  });
});

describe('typo', () => {
  it('makes exactly one edit, never of the first letter', () => {
    const random = seededRandom(3);
    for (const word of ['photosynthese', 'zellteilung', 'kreislauf', 'energie', 'klima']) {
      for (let i = 0; i < 200; i += 1) {
        const wrong = typo(word, random);
        expect(editDistance(word, wrong), wrong).toBe(1);
        expect(wrong[0]).toBe(word[0]);
      }
    }
  });
});

describe('compoundParts', () => {
  it('finds the other part after a known head, with the linking letters of German', () => {
    const parts = compoundParts([
      'Zelle',
      'Zellteilung',
      'Blut',
      'Blutkreislauf',
      'Leben',
      'Lebensraum',
    ]);
    expect(parts.map(({ part, compound }) => `${part}<${compound}`)).toEqual([
      'Teilung<Zellteilung',
      'Kreislauf<Blutkreislauf',
      'Raum<Lebensraum',
    ]);
  });

  it('finds a known word at the end, and no part in a word that is no compound', () => {
    expect(compoundParts(['Sonnensystem', 'System', 'Schule'])).toEqual([
      { part: 'System', compound: 'Sonnensystem', kind: 'word' },
    ]);
  });
});

describe('zipfSampler', () => {
  it('draws rank r about 1/(r+1) as often as rank 0', () => {
    const draw = zipfSampler(1_000, 1, seededRandom(5));
    const counts = new Array<number>(1_000).fill(0);
    for (let i = 0; i < 200_000; i += 1) {
      const rank = draw();
      counts[rank] = (counts[rank] ?? 0) + 1;
    }
    const first = counts[0] ?? 0;
    // H(1000) is about 7.49: rank 0 gets 13.4% of the draws.
    expect(first / 200_000).toBeCloseTo(1 / 7.485, 2);
    expect((counts[9] ?? 0) / first).toBeCloseTo(0.1, 1);
    expect(counts.slice(500).every((count) => count < first / 100)).toBe(true);
  });
});

describe('repeatRate', () => {
  it('is the share of requests asked before', () => {
    expect(repeatRate(['a', 'b', 'a', 'c', 'a'])).toBeCloseTo(2 / 5);
    expect(repeatRate([])).toBe(0);
  });
});
