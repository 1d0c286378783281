import { describe, expect, it } from 'vitest';
import { detectDelimiter, splitMetadata } from './delimiter.ts';
import { joinKeywords, parseKeywords } from './keywords.ts';
import { joinLanguages, parseLanguages } from './languages.ts';
import { joinSubjects, parseSubjects } from './subjects.ts';
import {
  formatTargetGroup,
  joinTargetGroups,
  parseTargetGroups,
  withLevel,
} from './target-groups.ts';

describe('target groups', () => {
  it.each([
    [
      'E(3-6); A(5); SO',
      [{ code: 'E', from: 3, to: 6 }, { code: 'A', from: 5, to: 5 }, { code: 'SO' }],
    ],
    ['A(1-13)', [{ code: 'A', from: 1, to: 13 }]],
    ['J(6-18); Q', [{ code: 'J', from: 6, to: 18 }, { code: 'Q' }]],
    ['', []],
  ])('parses %s', (stored, groups) => {
    expect(parseTargetGroups(stored)).toEqual(groups);
    expect(joinTargetGroups(parseTargetGroups(stored))).toBe(stored);
  });

  it.each([
    ['a(5); A', [{ code: 'A' }]],
    [
      'E(3-6);A(5)',
      [
        { code: 'E', from: 3, to: 6 },
        { code: 'A', from: 5, to: 5 },
      ],
    ],
    ['A(5, SO, 12', []],
  ])('accepts only upper-case codes and skips garbage: %s', (stored, groups) => {
    expect(parseTargetGroups(stored)).toEqual(groups);
  });
});

describe('languages', () => {
  it.each([
    [
      'de; en(u); de(h)',
      [{ code: 'de' }, { code: 'en', variant: 'u' }, { code: 'de', variant: 'h' }],
    ],
    ['o1', [{ code: 'o1' }]],
    ['', []],
  ])('parses and joins %s', (stored, languages) => {
    expect(parseLanguages(stored)).toEqual(languages);
    expect(joinLanguages(parseLanguages(stored))).toBe(stored);
  });

  it('collapses duplicates and skips malformed parts', () => {
    expect(parseLanguages('de;de; EN; fr(x); it')).toEqual([{ code: 'de' }, { code: 'it' }]);
  });
});

describe('keywords', () => {
  it.each([
    ['Pflanzen, Photosynthese, Blatt', ['Pflanzen', 'Photosynthese', 'Blatt']],
    ['Ökologie', ['Ökologie']],
    ['', []],
  ])('parses and joins %s', (stored, keywords) => {
    expect(parseKeywords(stored)).toEqual(keywords);
    expect(joinKeywords(parseKeywords(stored))).toBe(stored);
  });

  it('trims, drops empty ones and collapses duplicates of any case', () => {
    expect(parseKeywords(' Wald ,, wald, Baum ,')).toEqual(['Wald', 'Baum']);
    expect(joinKeywords([' Wald', 'WALD', '', 'Baum'])).toBe('Wald, Baum');
  });
});

describe('subjects', () => {
  it.each([
    ['240, 460, 660, 66002', ['240', '460', '660', '66002']],
    ['080', ['080']],
    ['', []],
  ])('parses and joins %s', (stored, codes) => {
    expect(parseSubjects(stored)).toEqual(codes);
    expect(joinSubjects(parseSubjects(stored))).toBe(stored);
  });

  it('tolerates missing spaces and drops non-codes', () => {
    expect(parseSubjects('240,460, abc, 240')).toEqual(['240', '460']);
  });
});

describe('metadata delimiter', () => {
  it.each([
    ['a, b, c', ','],
    ['a; b; c, d', ';'],
    ['a / b / c; d', '/'],
    ['a, b; c', ','],
    ['abc', ','],
  ])('%s splits on "%s"', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('splits on the detected delimiter', () => {
    expect(splitMetadata('de; en ; fr,x')).toEqual(['de', 'en', 'fr,x']);
  });
});

describe('target-group levels in the picker', () => {
  it('keeps a valid range and moves the other end when from would pass to', () => {
    expect(withLevel({ code: 'A', from: 5, to: 7 }, 'from', 6)).toEqual({
      code: 'A',
      from: 6,
      to: 7,
    });
    expect(withLevel({ code: 'A', from: 5, to: 7 }, 'from', 9)).toEqual({
      code: 'A',
      from: 9,
      to: 9,
    });
    expect(withLevel({ code: 'A', from: 5, to: 7 }, 'to', 3)).toEqual({
      code: 'A',
      from: 3,
      to: 3,
    });
    expect(withLevel({ code: 'E' }, 'to', 4)).toEqual({ code: 'E', from: 4, to: 4 });
    expect(formatTargetGroup(withLevel({ code: 'J', from: 6, to: 6 }, 'to', 10))).toBe('J(6-10)');
  });
});
