import { describe, expect, it } from 'vitest';
import { SuggestionIndex } from './suggestions.ts';

const index = new SuggestionIndex([
  { text: 'Die Photosynthese', kind: 'title', weight: 5 },
  { text: 'Photosynthese im Experiment', kind: 'title', weight: 1 },
  { text: 'Photovoltaik', kind: 'keyword', weight: 3 },
  { text: 'Ökologie', kind: 'subject', weight: 9 },
  { text: 'Zellteilung: Mitose und Meiose', kind: 'title', weight: 2 },
  { text: 'Zellteilung: Mitose und Meiose', kind: 'title', weight: 2 },
  { text: 'FWU Institut für Film und Bild', kind: 'producer', weight: 500 },
]);

describe('SuggestionIndex', () => {
  it('finds entries by the start of any word, those starting with it first, then by weight', () => {
    expect(index.suggest('Photo')).toEqual([
      { text: 'Photovoltaik', kind: 'keyword' },
      { text: 'Photosynthese im Experiment', kind: 'title' },
      { text: 'Die Photosynthese', kind: 'title' },
    ]);
  });

  it('folds umlauts and case, ignores punctuation, and keeps each entry once', () => {
    expect(index.suggest('oeko')).toEqual([{ text: 'Ökologie', kind: 'subject' }]);
    expect(index.suggest('ÖKO')).toEqual([{ text: 'Ökologie', kind: 'subject' }]);
    expect(index.suggest('zellteilung mit')).toEqual([
      { text: 'Zellteilung: Mitose und Meiose', kind: 'title' },
    ]);
    expect(index.size).toBe(6);
  });

  it('answers from the second letter on, and at most the limit', () => {
    expect(index.suggest('p')).toEqual([]);
    expect(index.suggest('fi')).toEqual([
      { text: 'FWU Institut für Film und Bild', kind: 'producer' },
    ]);
    expect(index.suggest('ph', 2)).toHaveLength(2);
    expect(index.suggest('xyz')).toEqual([]);
  });
});
