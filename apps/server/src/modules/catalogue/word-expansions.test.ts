import { describe, expect, it } from 'vitest';
import { Vocabulary } from './vocabulary.ts';
import { expandWords, MAX_COMPLETIONS, RememberedStems, textsToStem } from './word-expansions.ts';

// A German stemmer in miniature: the endings it strips, 'und' a stop word.
const STEMS: Record<string, string | undefined> = {
  teilung: 'teilung',
  zellteilung: 'zellteil',
  zellkern: 'zellkern',
  zell: 'zell',
  zelle: 'zell',
  kern: 'kern',
  strom: 'strom',
  und: undefined,
  blutkreislauf: 'blutkreislauf',
  kreislauf: 'kreislauf',
};
const stemOf = (text: string) => (text in STEMS ? STEMS[text] : text);

const vocabulary = new Vocabulary([
  { word: 'zellteil', ndoc: 30 },
  { word: 'teilung', ndoc: 50 },
  { word: 'zell', ndoc: 80 },
  { word: 'kern', ndoc: 40 },
  { word: 'stromkreis', ndoc: 20 },
  { word: 'stromer', ndoc: 5 },
  { word: 'strome', ndoc: 7 },
  { word: 'blutkreislauf', ndoc: 9 },
  { word: 'kreislauf', ndoc: 60 },
  ...Array.from({ length: MAX_COMPLETIONS + 3 }, (_, i) => ({ word: `kre${String(i)}x`, ndoc: i })),
]);

describe('expandWords', () => {
  it('finds the compounds a word starts or ends, most frequent first, but not itself', () => {
    const expansions = expandWords(
      vocabulary,
      ['teilung', 'strom', 'kreislauf'],
      undefined,
      stemOf,
    );
    expect(expansions.get('teilung')?.compounds).toEqual(['zellteil']);
    // 'stromer' and 'strome' have fewer than three letters after the stem.
    expect(expansions.get('strom')?.compounds).toEqual(['stromkreis']);
    expect(expansions.get('kreislauf')?.compounds).toEqual(['blutkreislauf']);
    expect(expansions.get('kreislauf')?.known).toBe(true);
  });

  it('splits a word into two known parts of four letters or more', () => {
    const expansions = expandWords(vocabulary, ['zellkern'], undefined, stemOf);
    expect(expansions.get('zellkern')).toEqual({
      compounds: [],
      parts: ['zell', 'kern'],
      completions: [],
      known: false,
    });
  });

  it('leaves out stop words and words shorter than four letters, but completes the typed one', () => {
    const expansions = expandWords(vocabulary, ['und', 'kre'], 'kre', stemOf);
    expect(expansions.has('und')).toBe(false);
    const completions = expansions.get('kre')?.completions ?? [];
    expect(completions).toHaveLength(MAX_COMPLETIONS);
    expect(completions.slice(0, 2)).toEqual(['kreislauf', 'kre14x']);
    expect(expansions.get('kre')?.known).toBe(false);
  });

  it('completes a short typed word that is a word of its own to longer words only', () => {
    const kre = expandWords(
      new Vocabulary([
        { word: 'kre', ndoc: 3 },
        { word: 'kreislauf', ndoc: 60 },
      ]),
      ['kre'],
      'kre',
      stemOf,
    ).get('kre');
    expect(kre?.completions).toEqual(['kreislauf']);
    expect(kre?.known).toBe(true);
  });

  it('completes a typed word to longer words, not to its own stem (it matches that itself)', () => {
    const expansions = expandWords(vocabulary, ['kreislauf'], 'kreislauf', stemOf);
    expect(expansions.get('kreislauf')).toEqual({
      compounds: ['blutkreislauf'],
      parts: [],
      completions: [],
      known: true,
    });
    const strom = expandWords(vocabulary, ['strom'], 'strom', stemOf).get('strom');
    expect(strom?.completions).toEqual(['stromkreis', 'strome', 'stromer']);
  });

  it('asks for the stems of the words, their cuts and the compounds they may end', () => {
    const texts = textsToStem(vocabulary, ['teilung', 'zellkern', 'und']);
    expect(texts).toEqual(expect.arrayContaining(['teilung', 'zellteilung', 'zell', 'kern']));
    expect(texts).not.toContain('und');
    // The word being typed, however short.
    expect(textsToStem(vocabulary, ['und', 'kre'], 'kre')).toContain('kre');
  });
});

describe('RememberedStems', () => {
  it('asks only for texts it has not seen, stop words included, and answers every text', async () => {
    const asked: string[][] = [];
    const stems = new RememberedStems(async (texts) => {
      asked.push([...texts]);
      return new Map(
        texts.map((text) => {
          const stem = text === 'und' ? null : text.slice(0, 5);
          return [text, { stem, lexemes: stem === null ? [] : [stem] }];
        }),
      );
    });
    expect(await stems.of(['zellteilung', 'und'])).toEqual(
      new Map([
        ['zellteilung', 'zellt'],
        ['und', null],
      ]),
    );
    expect(await stems.of(['und', 'kern', 'zellteilung'])).toEqual(
      new Map([
        ['und', null],
        ['kern', 'kern'],
        ['zellteilung', 'zellt'],
      ]),
    );
    expect(await stems.of(['kern'])).toEqual(new Map([['kern', 'kern']]));
    expect(await stems.lexemesOf(['und', 'kern'])).toEqual(
      new Map([
        ['und', []],
        ['kern', ['kern']],
      ]),
    );
    expect(asked).toEqual([['zellteilung', 'und'], ['kern']]);
  });
});
