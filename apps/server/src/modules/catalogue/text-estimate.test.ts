import { describe, expect, it } from 'vitest';
import { searchTsQuery, wordPart } from './search-text.ts';
import {
  expectedMatches,
  expectedShare,
  rarityWeight,
  type SearchVectorStatistics,
} from './text-estimate.ts';

describe('expectedShare', () => {
  const statistics: SearchVectorStatistics = {
    shares: new Map([
      ['schul', 0.5],
      ['zell', 0.2],
      ['zellteil', 0.1],
    ]),
    minShare: 0.004,
    nullShare: 0,
  };
  const lexemes = new Map<string, readonly string[]>([
    ['schule', ['schul']],
    ['zelle', ['zell']],
    ['teilung', ['teilung']],
    ['und', []],
    ['e-mail', ['e-mail', 'e', 'mail']],
  ]);
  const lexemesOf = (word: string) => lexemes.get(word) ?? [];
  const share = (text: string, expansions?: Parameters<typeof searchTsQuery>[1]) => {
    const tsQuery = searchTsQuery(text, expansions);
    return tsQuery === undefined ? undefined : expectedShare(tsQuery.parts, statistics, lexemesOf);
  };

  it('takes the share of a common lexeme, half the lowest for any other', () => {
    expect(share('Schule')).toBe(0.5);
    expect(share('Teilung')).toBe(0.002);
    // At most the planner's default for a lexeme it knows nothing of.
    expect(expectedShare([wordPart('teilung')], { ...statistics, minShare: 0.5 }, lexemesOf)).toBe(
      0.005,
    );
  });

  it('multiplies for all words, and for all lexemes of a word', () => {
    expect(share('Schule Zelle')).toBeCloseTo(0.1, 12);
    expect(expectedShare([wordPart('e-mail')], statistics, lexemesOf)).toBeCloseTo(0.002 ** 3, 15);
  });

  it('adds the alternatives of a widened word, less what they share', () => {
    const widened = { compounds: ['zellteil'], parts: [], completions: [] };
    expect(share('Teilung', new Map([['teilung', widened]]))).toBeCloseTo(
      0.002 + 0.1 - 0.002 * 0.1,
      12,
    );
  });

  it('leaves out stop words, and a text of nothing matches nothing', () => {
    expect(share('Schule und')).toBe(0.5);
    expect(expectedShare([wordPart('und')], statistics, lexemesOf)).toBe(0);
  });

  it('counts only the media that have a search vector', () => {
    expect(expectedShare([wordPart('schule')], { ...statistics, nullShare: 0.2 }, lexemesOf)).toBe(
      0.4,
    );
  });
});

describe('expectedMatches', () => {
  it('rounds, and expects at least one', () => {
    expect(expectedMatches(0.1234, 1000)).toBe(123);
    expect(expectedMatches(0, 1000)).toBe(1);
  });
});

describe('rarityWeight', () => {
  const media = 1_000_000;

  it('weighs a rarer word more, a word in one medium most and one in every medium not at all', () => {
    expect(rarityWeight(1 / media, media, 2)).toBeCloseTo(1.45);
    expect(rarityWeight(1, media, 2)).toBe(1);
    expect(rarityWeight(0.001, media, 2)).toBeGreaterThan(rarityWeight(0.1, media, 2));
    expect(rarityWeight(0, media, 2)).toBeCloseTo(1.45);
    expect(rarityWeight(2, media, 2)).toBe(1);
  });

  it('keeps more matched words above fewer, however rare', () => {
    for (const parts of [2, 3, 4]) {
      const rarest = rarityWeight(1 / media, media, parts);
      const common = rarityWeight(0.9, media, parts);
      // Every word but one matched, each the rarest, against every word, each common.
      expect((parts - 1) * rarest + 0.1).toBeLessThan(parts * common);
    }
  });
});
