import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  alternativesApart,
  alternativesTogether,
  foldText,
  LEXEMES_PER_ALTERNATIVE,
  namesSubjectArea,
  partialTsQueryParts,
  queryWords,
  queryPhrases,
  searchTsQuery,
  synonymOf,
  TextTsQuery,
  typedPrefix,
  withoutPhrases,
  wordPart,
  wordTsQuery,
} from './search-text.ts';
import { sql } from 'drizzle-orm';

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

  it('takes a word typed twice once, also among twelve', () => {
    expect(queryWords('Salz salz SALZ Meer')).toEqual(['salz', 'meer']);
    expect(queryWords('a a b c d e f g h i j k l m')).toHaveLength(12);
  });
});

describe('queryPhrases', () => {
  it('takes the words in straight or German quotes as phrases, the rest as words', () => {
    expect(queryPhrases('"Straße der Ameisen" Wald')).toEqual({
      phrases: [['strasse', 'der', 'ameisen']],
      rest: '  Wald',
    });
    expect(queryPhrases('„schwarzes Loch“').phrases).toEqual([['schwarzes', 'loch']]);
    expect(queryPhrases('"von Tag zu Tag"').phrases).toEqual([['von', 'tag', 'zu', 'tag']]);
  });

  it('treats a quoted single word and an unclosed quote as plain words', () => {
    expect(queryPhrases('"Wald" Tiere')).toEqual({ phrases: [], rest: ' Wald  Tiere' });
    expect(queryPhrases('"Wald Tiere').phrases).toEqual([['wald', 'tiere']]);
  });
});

describe('withoutPhrases', () => {
  it('takes the quotes away from the phrases of a query, none from a query without', () => {
    expect(withoutPhrases('"Erster Weltkrieg"')).toBe('Erster Weltkrieg');
    expect(withoutPhrases('„schwarzes Loch“ Film "Wald"')).toBe('schwarzes Loch Film Wald');
    expect(withoutPhrases('"Wald Tiere')).toBe('Wald Tiere');
    expect(withoutPhrases('"Wald" Tiere')).toBeUndefined();
    expect(withoutPhrases('Erster Weltkrieg')).toBeUndefined();
  });
});

describe('partialTsQueryParts', () => {
  const render = (query: Parameters<PgDialect['sqlToQuery']>[0]) =>
    new PgDialect().sqlToQuery(query);

  it('takes each part of a compound of known words as a part, the other words as they are', () => {
    const expansions = new Map([
      ['kernkraftwerk', { compounds: [], parts: ['kernkraft', 'werk'], completions: [] }],
    ]);
    const { words, phrases } = partialTsQueryParts('Kernkraftwerk Sonne "rote Erde"', expansions);
    expect(
      words.map((part) => {
        const { sql, params } = render(part.tsQuery);
        return { sql, params };
      }),
    ).toEqual([
      { sql: "to_tsquery('simple', $1)", params: ['kernkraft'] },
      { sql: "to_tsquery('simple', $1)", params: ['werk'] },
      { sql: "(plainto_tsquery('german', $1))", params: ['sonne'] },
    ]);
    expect(phrases).toHaveLength(1);
  });
});

describe('wordTsQuery', () => {
  const render = (query: ReturnType<typeof wordTsQuery>) => new PgDialect().sqlToQuery(query);

  it('is the stemmed word alone when nothing widens it', () => {
    const { sql, params } = render(wordTsQuery('zelle'));
    expect(sql).toBe("(plainto_tsquery('german', $1))");
    expect(params).toEqual(['zelle']);
  });

  it('adds the subject area of a school word', () => {
    const { sql, params } = render(wordTsQuery('mathe'));
    expect(sql).toBe("(plainto_tsquery('german', $1) || plainto_tsquery('german', $2))");
    expect(params).toEqual(['mathe', 'mathematik']);
  });

  it("adds a number's ordinal, from the first to the thirteenth", () => {
    const { sql, params } = render(wordTsQuery('2'));
    expect(sql).toBe("(plainto_tsquery('german', $1) || plainto_tsquery('german', $2))");
    expect(params).toEqual(['2', 'zweite']);
    expect(synonymOf('5')).toBe('fuenfte');
    expect(synonymOf('13')).toBe('dreizehnte');
    expect(synonymOf('0')).toBeUndefined();
    expect(synonymOf('14')).toBeUndefined();
    expect(synonymOf('1945')).toBeUndefined();
    expect(synonymOf('ns')).toBe('nationalsozialismus');
  });

  it('adds compounds (any) and parts (all), keeping only plain lexemes', () => {
    const { params } = render(
      wordTsQuery('zellkern', {
        compounds: ['zellkernteil', 'e-learning'],
        parts: ['zell', 'kern'],
        completions: [],
      }),
    );
    expect(params).toEqual(['zellkern', 'zellkernteil', 'zell & kern']);
  });

  it('adds the completions of the word being typed (any)', () => {
    const { params } = render(
      wordTsQuery('photosy', { compounds: [], parts: [], completions: ['photosynthes', 'a:*'] }),
    );
    expect(params).toEqual(['photosy', 'photosynthes']);
  });

  it('takes each lexeme once when a completion is also a compound', () => {
    const { params } = render(
      wordTsQuery('hanr', {
        compounds: ['hanraka', 'hanrika'],
        parts: [],
        completions: ['hanrika', 'hanrim', 'hanraka'],
      }),
    );
    expect(params).toEqual(['hanr', 'hanraka | hanrika', 'hanrim']);
  });
});

describe('searchTsQuery', () => {
  const render = (query: Parameters<PgDialect['sqlToQuery']>[0]) =>
    new PgDialect().sqlToQuery(query);
  const typed = { compounds: ['zellteil'], parts: [], completions: ['zellkern', 'zellwand'] };
  const query = searchTsQuery('Wand Zell', new Map([['zell', typed]]));

  it('is in SQL the one tsquery: every word, each by any of its alternatives', () => {
    if (query === undefined) {
      throw new Error('no tsquery');
    }
    expect(render(query)).toEqual({
      sql:
        "((plainto_tsquery('german', $1)) && (plainto_tsquery('german', $2) || " +
        "to_tsquery('simple', $3) || to_tsquery('simple', $4)))",
      params: ['wand', 'zell', 'zellteil', 'zellkern | zellwand'],
      typings: expect.any(Array) as unknown,
    });
  });

  it('matches the alternatives of a widened word in conditions of their own, the rest as one', () => {
    const condition = query?.matchedBy(sql`v`);
    if (condition === undefined) {
      throw new Error('no tsquery');
    }
    const { sql: text, params } = render(condition);
    expect(text).toBe(
      "v @@ ((plainto_tsquery('german', $1))) AND (v @@ (plainto_tsquery('german', $2)) OR " +
        "v @@ to_tsquery('simple', $3) OR v @@ to_tsquery('simple', $4))",
    );
    expect(params).toEqual(['wand', 'zell', 'zellteil', 'zellkern | zellwand']);
  });

  it('puts up to three compounds or completions into one alternative', () => {
    const compounds = ['zella', 'zellb', 'zellc', 'zelld', 'zelle', 'zellf', 'zellg'];
    const part = wordPart('zell', { compounds, parts: [], completions: ['zellh'] });
    expect(part.anyOf.map((alternative) => render(alternative).params)).toEqual([
      ['zell'],
      ['zella | zellb | zellc'],
      ['zelld | zelle | zellf'],
      ['zellg'],
      ['zellh'],
    ]);
    expect(LEXEMES_PER_ALTERNATIVE).toBe(3);
    // The planner's estimate still weighs each lexeme.
    expect(part.terms).toHaveLength(1 + compounds.length + 1);
  });
});

describe('alternatives together', () => {
  const render = (query: Parameters<PgDialect['sqlToQuery']>[0]) =>
    new PgDialect().sqlToQuery(query).sql;
  const widened = { compounds: ['zellteil'], parts: [], completions: ['zellkern', 'zellwand'] };
  const parted = searchTsQuery('Wand Zell', new Map([['zell', widened]]));
  if (parted === undefined) {
    throw new Error('no tsquery');
  }
  const together = new TextTsQuery(parted.parts, true);
  const apart = render(parted.matchedBy(sql`v`));

  it('matches as one tsquery, and with its alternatives apart again for a RUM index', () => {
    const condition = sql`x = 1 AND ${together.matchedBy(sql`v`)}`;
    expect(render(condition)).toBe(
      "x = 1 AND v @@ ((plainto_tsquery('german', $1)) && (plainto_tsquery('german', $2) || " +
        "to_tsquery('simple', $3) || to_tsquery('simple', $4)))",
    );
    expect(render(alternativesApart(sql`(${condition}) LIMIT 3`))).toBe(
      `(x = 1 AND ${apart}) LIMIT 3`,
    );
    expect(render(alternativesApart(parted.matchedBy(sql`v`)))).toBe(apart);
  });

  it('are chosen where the whole words read once an alternative would read more entries than there are media', () => {
    // 'zell' has two alternatives beside itself (its compound, its two completions in one):
    // 'wand' would be read twice more.
    const shares = (share: number) => new Map([['wand', share]]);
    expect(alternativesTogether(parted, ['wand', 'zell'], shares(0.5))).toBe(true);
    expect(alternativesTogether(parted, ['wand', 'zell'], shares(0.49))).toBe(false);
    // Not among the planner's most common lexemes: rare.
    expect(alternativesTogether(parted, ['wand', 'zell'], new Map())).toBe(false);
    // The widened word's own share does not count, nor a stop word's.
    expect(alternativesTogether(parted, ['wand', 'zell'], new Map([['zell', 1]]))).toBe(false);
    expect(alternativesTogether(parted, [undefined, 'zell'], shares(1))).toBe(false);
    const unwidenedQuery = searchTsQuery('Wand Zell');
    if (unwidenedQuery === undefined) {
      throw new Error('no tsquery');
    }
    expect(alternativesTogether(unwidenedQuery, ['wand', 'zell'], shares(1))).toBe(false);
  });
});

describe('typedPrefix', () => {
  it('is the last word outside quotes while nothing follows it, from two letters on', () => {
    expect(typedPrefix('Zelle Photosy')).toBe('photosy');
    expect(typedPrefix('Zelle Photosy ')).toBeUndefined();
    expect(typedPrefix('Zelle Photosy,')).toBeUndefined();
    expect(typedPrefix('"Zelle Kern"')).toBeUndefined();
    expect(typedPrefix('Ökolo')).toBe('oekolo');
    expect(typedPrefix('Film a')).toBeUndefined();
  });
});

describe('namesSubjectArea', () => {
  it.each([
    ['Bildende Kunst', true],
    ['kunst bildende', true],
    ['Farbtechnik und Raumgestaltung', true],
    ['Bildende Kunst Film', false],
    ['Kunst', true],
    ['Zellteilung', false],
    ['Wasser sparen', false],
  ])('%s: %s', (query, expected) => {
    expect(namesSubjectArea(query)).toBe(expected);
  });
});
