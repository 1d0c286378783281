import { describe, expect, it } from 'vitest';
import {
  correctableEdits,
  editDistance,
  similarity,
  trigrams,
  VersionedVocabulary,
  Vocabulary,
} from './vocabulary.ts';

describe('trigrams and similarity', () => {
  it('pads each word as pg_trgm does', () => {
    expect([...trigrams('Cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat']);
    expect(trigrams('a-b').size).toBe(4);
  });

  it("gives pg_trgm's figures (its documentation's example)", () => {
    expect(similarity('word', 'two words')).toBeCloseTo(0.363636, 5);
    expect(similarity('photosynthes', 'photosynthes')).toBe(1);
    expect(similarity('abc', 'xyz')).toBe(0);
  });
});

describe('editDistance', () => {
  it('counts substitutions, insertions, deletions and swaps of neighbours as one edit', () => {
    expect(editDistance('kreislauf', 'kreislauf')).toBe(0);
    expect(editDistance('kreislauf', 'kreislaif')).toBe(1);
    expect(editDistance('kreislauf', 'kreislau')).toBe(1);
    expect(editDistance('kreislauf', 'kreisslauf')).toBe(1);
    expect(editDistance('kreislauf', 'kriselauf')).toBe(2);
    expect(editDistance('kreislauf', 'kreilsauf')).toBe(1);
    expect(editDistance('fotosynthese', 'photosynthese')).toBe(2);
  });
});

describe('correctableEdits', () => {
  it('allows no edit up to three letters, one up to five, a quarter of the length above', () => {
    expect(
      ['zu', 'hof', 'zelle', 'zellen', 'weltall', 'schulhof', 'fotosynths'].map(correctableEdits),
    ).toEqual([0, 0, 1, 2, 2, 2, 3]);
    expect(correctableEdits('über')).toBe(1);
  });
});

describe('Vocabulary', () => {
  const vocabulary = new Vocabulary([
    { word: 'photosynthes', ndoc: 40 },
    { word: 'photograph', ndoc: 90 },
    { word: 'chlorophyll', ndoc: 12 },
    { word: 'chlorophyl', ndoc: 3 },
    { word: 'zelle', ndoc: 5 },
    { word: 'zelll', ndoc: 5 },
  ]);

  it('finds the words with a beginning, the words with an ending, and how many media have one', () => {
    const spelled = (found: { word: string }[]) => found.map((entry) => entry.word).sort();
    expect(spelled(vocabulary.startingWith('photo'))).toEqual(['photograph', 'photosynthes']);
    expect(spelled(vocabulary.startingWith('chlorophyl'))).toEqual(['chlorophyl', 'chlorophyll']);
    expect(vocabulary.startingWith('x')).toEqual([]);
    expect(spelled(vocabulary.endingWith('le'))).toEqual(['zelle']);
    expect(spelled(vocabulary.endingWith('l'))).toEqual(['chlorophyl', 'chlorophyll', 'zelll']);
    expect(vocabulary.frequency('photograph')).toBe(90);
    expect(vocabulary.frequency('photo')).toBeUndefined();
  });

  it('finds the most similar word', () => {
    expect(vocabulary.mostSimilar('fotosynthes')).toBe('photosynthes');
    expect(vocabulary.mostSimilar('chlorophil')).toBe('chlorophyl');
  });

  it('prefers the more frequent, then the first in order, of equally similar words', () => {
    const tied = new Vocabulary([
      { word: 'bbbx', ndoc: 1 },
      { word: 'bbby', ndoc: 7 },
      { word: 'bbbz', ndoc: 7 },
    ]);
    expect(tied.mostSimilar('bbbw')).toBe('bbby');
  });

  it('finds no word more edits away than a typing error makes, however similar', () => {
    const words = new Vocabulary([
      { word: 'welt', ndoc: 40 },
      { word: 'hor', ndoc: 9 },
      { word: 'sed', ndoc: 3 },
      { word: 'schul', ndoc: 163 },
      { word: 'photosynthes', ndoc: 5 },
    ]);
    expect(similarity('weltall', 'welt')).toBeGreaterThan(0.3);
    expect(words.mostSimilar('weltall')).toBeUndefined();
    // Three letters: one edit away are too many other words.
    expect(similarity('sek', 'sed')).toBeGreaterThan(0.3);
    expect(words.mostSimilar('sek')).toBeUndefined();
    expect(words.mostSimilar('hof')).toBeUndefined();
    expect(words.mostSimilar('schulhof')).toBeUndefined();
    expect(words.mostSimilar('welten')).toBe('welt');
    expect(words.mostSimilar('fotosynths')).toBe('photosynthes');
  });

  it('takes a less similar word within the edits over a more similar one beyond them', () => {
    const words = new Vocabulary([
      { word: 'welt', ndoc: 50 },
      { word: 'aaeltall', ndoc: 2 },
    ]);
    expect(similarity('weltall', 'welt')).toBeGreaterThan(similarity('weltall', 'aaeltall'));
    expect(words.mostSimilar('weltall')).toBe('aaeltall');
  });

  it('finds the longest word a compound starts with, both parts long enough', () => {
    const words = new Vocabulary([
      { word: 'wald', ndoc: 5 },
      { word: 'waldrand', ndoc: 1 },
      { word: 'energi', ndoc: 9 },
    ]);
    expect(words.longestStart('waldrandweg', 3)).toBe('waldrand');
    expect(words.longestStart('waldrandweg', 4)).toBe('wald');
    expect(words.longestStart('energiewend', 4)).toBe('energi');
    expect(words.longestStart('waldhof', 4)).toBeUndefined();
    expect(words.longestStart('wald', 4)).toBeUndefined();
  });

  it('finds nothing below the threshold', () => {
    expect(vocabulary.mostSimilar('quantenmechanik')).toBeUndefined();
    expect(new Vocabulary([]).mostSimilar('zelle')).toBeUndefined();
  });
});

describe('VersionedVocabulary', () => {
  it('loads a version once, and again when the version changes', async () => {
    let loads = 0;
    const versions = new VersionedVocabulary(async () => {
      loads += 1;
      return [{ word: loads === 1 ? 'zelle' : 'kern', ndoc: 1 }];
    });
    const [first, same] = await Promise.all([versions.at(1), versions.at(1)]);
    expect(first).toBe(same);
    expect(first.mostSimilar('zellen')).toBe('zelle');
    expect((await versions.at(2)).mostSimilar('kerne')).toBe('kern');
    expect(loads).toBe(2);
  });

  it('loads again after a failed load', async () => {
    let attempt = 0;
    const versions = new VersionedVocabulary(async () => {
      attempt += 1;
      if (attempt === 1) {
        throw new Error('database gone');
      }
      return [{ word: 'zelle', ndoc: 1 }];
    });
    await expect(versions.at(1)).rejects.toThrow('database gone');
    expect((await versions.at(1)).size).toBe(1);
  });
});
