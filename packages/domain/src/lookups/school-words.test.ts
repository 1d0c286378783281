import { describe, expect, it } from 'vitest';
import { SCHOOL_WORDS, schoolWordSubject } from './school-words.ts';

describe('school words', () => {
  it('stand for subject areas by their names', () => {
    expect(schoolWordSubject('mathe')).toBe('Mathematik');
    expect(schoolWordSubject('bio')).toBe('Biologie');
    expect(schoolWordSubject('erdkunde')).toBe('Geographie');
    expect(schoolWordSubject('reli')).toBe('Religion');
    expect(schoolWordSubject('info')).toBe('Informatik');
    expect(schoolWordSubject('ns')).toBe('Nationalsozialismus');
    expect(schoolWordSubject('daz')).toBe('Deutsch als Zweitsprache');
    expect(schoolWordSubject('zelle')).toBeUndefined();
    // Only as the search folds it.
    expect(schoolWordSubject('DaZ')).toBeUndefined();
  });

  it('each lead to a name of the subject areas', () => {
    for (const word of Object.keys(SCHOOL_WORDS)) {
      expect(schoolWordSubject(word.toLowerCase()), word).toBeDefined();
      // As written, and as the search folds it: no umlaut to fold.
      expect(word).toMatch(/^[A-Z][A-Za-z]+$/);
    }
  });
});
