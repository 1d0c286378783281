import { describe, expect, it } from 'vitest';
import { audienceLabel, audienceName, AUDIENCE_LEVELS, AUDIENCES } from './audiences.ts';
import { languageLabel, languageName } from './languages.ts';
import { MEDIA_TYPE_OPTIONS, mediaKindOf, mediaTypeName } from './media-types.ts';
import {
  SUBJECT_AREAS,
  subjectArea,
  subjectAreaAncestors,
  subjectAreaChildren,
  subjectAreaName,
} from './subject-areas.ts';
import { subjectAreaSearchTerms, subjectAreaSearchText } from './subject-search-terms.ts';
import { subjectAreaIcon } from './subject-icons.ts';

describe('languages', () => {
  it.each([
    ['de', 'Deutsch'],
    ['en', 'Englisch'],
    ['tr', 'Türkisch'],
    ['o1', 'Originalfassung mit Untertiteln'],
    ['o2', 'ohne Sprache'],
    ['s1', 'Leichte Sprache'],
    ['p1', 'Einfache Sprache'],
    ['xx', 'xx'],
  ])('%s is %s', (code, name) => {
    expect(languageName(code)).toBe(name);
  });

  it('labels a code as "code - Name"', () => {
    expect(languageLabel('fr')).toBe('fr - Französisch');
  });
});

describe('audiences', () => {
  it.each([
    ['E', 'Elementarbereich'],
    ['A', 'Allgemeinbildende Schule'],
    ['BB', 'Berufliche Bildung'],
    ['SO', 'Sonderpädagogik / Förderschule'],
    ['J', 'Kinder- und Jugendbildung'],
    ['Q', 'Erwachsenenbildung'],
    ['T', 'Lehrerfortbildung'],
  ])('%s is %s', (code, name) => {
    expect(audienceName(code)).toBe(name);
  });

  it('has exactly the seven codes and the level options of the spec', () => {
    expect(Object.keys(AUDIENCES)).toEqual(['E', 'A', 'BB', 'SO', 'J', 'Q', 'T']);
    expect(AUDIENCE_LEVELS.E).toEqual([3, 4, 5, 6]);
    expect(AUDIENCE_LEVELS.A).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(AUDIENCE_LEVELS.J).toEqual([6, 8, 10, 12, 14, 16, 18]);
  });

  it.each([
    [{ code: 'A', from: 5, to: 10 }, 'Allgemeinbildende Schule, Klasse 5–10'],
    [{ code: 'A', from: 7, to: 7 }, 'Allgemeinbildende Schule, Klasse 7'],
    [{ code: 'E', from: 3, to: 6 }, 'Elementarbereich, 3–6 Jahre'],
    [{ code: 'Q' }, 'Erwachsenenbildung'],
  ])('labels %o as %s', (group, label) => {
    expect(audienceLabel(group)).toBe(label);
  });
});

describe('media types', () => {
  it.each([
    ['19', 'Bild'],
    ['29', 'Online-Audio'],
    ['46', 'Video-DVD'],
    ['49', 'Online-Film'],
    ['50', 'Medienpaket'],
    ['55', 'Online-Medienpaket'],
    ['58', 'App'],
    ['69', 'Online-Software'],
    ['79', 'Online-Dokument'],
    ['MP', 'Medienpaket'],
    ['LEX', 'Lexikonartikel'],
    ['UC_H5P', 'H5P-Element'],
    ['UC_CLIP', 'Videoclip'],
    ['10', 'Diareihe'],
    ['56', 'Medienmodul'],
    ['42', 'Medientyp 42'],
  ])('%s is %s', (code, name) => {
    expect(mediaTypeName(code)).toBe(name);
  });

  it('offers the producer the seven types in the spec order', () => {
    expect(MEDIA_TYPE_OPTIONS.map((option) => `${option.label} ${option.code}`)).toEqual([
      'Online-Film 49',
      'Online-Medienpaket 55',
      'Online-Audio 29',
      'Online-Dokument 79',
      'Online-Software 69',
      'App 58',
      'Bild 19',
    ]);
  });

  it.each([
    ['79', 'books'],
    ['LEX', 'books'],
    ['58', 'apps'],
    ['69', 'apps'],
    ['49', 'media'],
    ['10', 'media'],
  ])('type %s is of kind %s', (code, kind) => {
    expect(mediaKindOf(code)).toBe(kind);
  });
});

describe('subject areas', () => {
  it('holds all 1,619 codes, 37 on the top level, each parent known', () => {
    expect(SUBJECT_AREAS).toHaveLength(1619);
    expect(new Set(SUBJECT_AREAS.map((area) => area.code)).size).toBe(1619);
    expect(subjectAreaChildren(null)).toHaveLength(37);
    for (const area of SUBJECT_AREAS) {
      if (area.parent !== null) {
        expect(subjectArea(area.parent), area.code).toBeDefined();
        expect(area.code.startsWith(area.parent)).toBe(true);
      }
    }
  });

  it.each([
    ['080', 'Biologie'],
    ['120', 'Deutsch'],
    ['380', 'Mathematik'],
    ['600', 'Sport'],
    ['700', 'Wirtschaftskunde'],
    ['02001', 'Hinführung zur Arbeitswelt'],
    ['999', 'Sachgebiet 999'],
  ])('%s is %s', (code, name) => {
    expect(subjectAreaName(code)).toBe(name);
  });

  it('walks from the top level down to a code, also for unknown deeper codes', () => {
    expect(subjectAreaAncestors('0200101').map((area) => area.code)).toEqual([
      '020',
      '02001',
      '0200101',
    ]);
    expect(subjectAreaAncestors('0200199').map((area) => area.code)).toEqual(['020', '02001']);
    expect(subjectAreaAncestors('999')).toEqual([]);
  });

  it('lists the children of an area', () => {
    expect(subjectAreaChildren('020').map((area) => area.code)).toContain('02001');
  });

  it('keeps the synonyms apart: an area has its own, or none', () => {
    expect(subjectAreaSearchTerms('02001')).toEqual(['Arbeitswelt', 'Arbeitslehre']);
    expect(subjectAreaSearchTerms('020')).toEqual([]);
    expect(subjectAreaSearchTerms('999')).toEqual([]);
    expect(SUBJECT_AREAS[0]).toEqual({ code: '020', label: 'Arbeitslehre', parent: null });
  });

  it('gives the search the names and synonyms of the codes and their ancestors', () => {
    const text = subjectAreaSearchText(['0200101']);
    expect(text).toContain('Arbeitslehre');
    expect(text).toContain('Hinführung zur Arbeitswelt');
    expect(text).toContain('Arbeitsabläufe');
  });

  it.each([
    ['080', 'Biotech'],
    ['08006', 'LocalFlorist'],
    ['0800601', 'LocalFlorist'],
    ['08001', 'Biotech'],
    ['380', 'Calculate'],
    ['999', 'Folder'],
    ['', 'Folder'],
  ])('icon of %s is %s (shorter prefixes, then a folder)', (code, icon) => {
    expect(subjectAreaIcon(code)).toBe(icon);
  });

  it('has an icon of its own for every top-level area', () => {
    for (const area of subjectAreaChildren(null)) {
      expect(subjectAreaIcon(area.code), area.code).not.toBe('Folder');
    }
  });
});
