import { describe, expect, it } from 'vitest';
import { SuggestionIndex, withSchoolWords } from './suggestions.ts';

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

  it('completes several words in any order after the entries with them in a row', () => {
    expect(index.suggest('photosynthese die')).toEqual([
      { text: 'Die Photosynthese', kind: 'title' },
    ]);
    expect(index.suggest('Meiose Zell')).toEqual([
      { text: 'Zellteilung: Mitose und Meiose', kind: 'title' },
    ]);
    expect(index.suggest('Photosynthese ex')).toEqual([
      { text: 'Photosynthese im Experiment', kind: 'title' },
    ]);
    // Each word must start a word of the entry: 'ese' is inside 'Photosynthese' only.
    expect(index.suggest('Photo ese')).toEqual([]);
    expect(index.suggest('Photosynthese Xylophon')).toEqual([]);
  });

  it('answers from the second letter on, and at most the limit', () => {
    expect(index.suggest('p')).toEqual([]);
    expect(index.suggest('fi')).toEqual([
      { text: 'FWU Institut für Film und Bild', kind: 'producer' },
    ]);
    expect(index.suggest('ph', 2)).toHaveLength(2);
    expect(index.suggest('xyz')).toEqual([]);
  });

  it('answers as ranking every match would, for short and long prefixes of a large index', () => {
    const syllables = ['pho', 'to', 'syn', 'the', 'se', 'zell', 'tei', 'lung', 'ö', 'ko'];
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 3) },
        () => syllables[Math.floor(random() * syllables.length)],
      ).join('');
    const sources = Array.from({ length: 3_000 }, (_, index) => ({
      text: Array.from({ length: 1 + Math.floor(random() * 4) }, word).join(' '),
      kind: index % 2 === 0 ? ('title' as const) : ('keyword' as const),
      weight: Math.floor(random() * 50),
    }));
    const large = new SuggestionIndex(sources);
    const words = (text: string) =>
      text
        .toLowerCase()
        .replaceAll('ö', 'oe')
        .split(' ')
        .filter((part) => part !== '');
    const collator = new Intl.Collator('de');
    for (const prefix of ['ph', 'ze', 'oe', 'tos', 'photo', 'zelltei', 'sese', 'theph']) {
      const seen = new Set<string>();
      const expected = sources
        .filter((source) => {
          const id = `${source.kind}\n${source.text}`;
          const fresh = !seen.has(id);
          seen.add(id);
          return (
            fresh &&
            words(source.text).some((_, at, all) => all.slice(at).join(' ').startsWith(prefix))
          );
        })
        .map((source) => ({ source, start: words(source.text).join(' ').startsWith(prefix) }))
        .sort(
          (a, b) =>
            Number(b.start) - Number(a.start) ||
            b.source.weight - a.source.weight ||
            collator.compare(a.source.text, b.source.text),
        )
        .slice(0, 8)
        .map(({ source }) => ({ text: source.text, kind: source.kind }));
      expect(expected.length, prefix).toBeGreaterThan(0);
      expect(large.suggest(prefix), prefix).toEqual(expected);
    }
  });
});

describe('withSchoolWords', () => {
  it('completes the school words of subject areas with media, weighted as those', () => {
    const sources = withSchoolWords([
      { text: 'Geographie', kind: 'subject', weight: 40 },
      { text: 'Mathematik', kind: 'subject', weight: 7 },
      { text: 'Erdbeben', kind: 'keyword', weight: 90 },
    ]);
    expect(sources).toContainEqual({ text: 'Erdkunde', kind: 'subject', weight: 40 });
    expect(sources).toContainEqual({ text: 'Mathe', kind: 'subject', weight: 7 });
    // Religion has no media here: 'Reli' is not offered.
    expect(sources.map((source) => source.text)).not.toContain('Reli');
    expect(new SuggestionIndex(sources).suggest('Erdk')).toEqual([
      { text: 'Erdkunde', kind: 'subject' },
    ]);
  });

  it('spells a short form as it is written', () => {
    const sources = withSchoolWords([
      { text: 'Deutsch als Zweitsprache', kind: 'subject', weight: 3 },
      { text: 'Politik', kind: 'subject', weight: 2 },
    ]);
    expect(new SuggestionIndex(sources).suggest('daz')).toEqual([{ text: 'DaZ', kind: 'subject' }]);
    expect(new SuggestionIndex(sources).suggest('Po')).toContainEqual({
      text: 'PoWi',
      kind: 'subject',
    });
  });
});
