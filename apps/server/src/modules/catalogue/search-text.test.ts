import { describe, expect, it } from 'vitest';
import { foldText, queryWords } from './search-text.ts';

describe('foldText', () => {
  it.each([
    ['Ökosystem', 'oekosystem'],
    ['ÜBER', 'ueber'],
    ['Straße', 'strasse'],
    ['Bäume', 'baeume'],
    ['Café Noël', 'cafe noel'],
    ['A\u0308pfel', 'aepfel'],
  ])('folds %s to %s, as mk_fold() in the database does', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe('queryWords', () => {
  it('keeps only letters and digits, so a word is safe inside a tsquery', () => {
    expect(queryWords("Pflanzen: 'Wald' & Wiese | !x:*")).toEqual([
      'pflanzen',
      'wald',
      'wiese',
      'x',
    ]);
  });

  it('takes at most twelve words', () => {
    expect(queryWords('a b c d e f g h i j k l m n')).toHaveLength(12);
  });
});
