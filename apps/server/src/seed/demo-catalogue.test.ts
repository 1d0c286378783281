import {
  parseLanguages,
  parseSubjects,
  parseTargetGroups,
  joinLanguages,
  joinTargetGroups,
  subjectArea,
} from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue.ts';

describe('demo catalogue', () => {
  const records = demoCatalogue();

  it('holds at least 500 media from at least 8 producers', () => {
    expect(records.length).toBeGreaterThanOrEqual(500);
    expect(new Set(records.map((record) => record.pool)).size).toBeGreaterThanOrEqual(8);
  });

  it('numbers media uniquely per pool', () => {
    const keys = records.map((record) => `${record.pool}/${record.fn_nr}`);
    expect(new Set(keys).size).toBe(records.length);
  });

  it('files media only under known subject areas', () => {
    for (const record of records) {
      const codes = parseSubjects(record.fn_geb);
      expect(codes.length).toBeGreaterThan(0);
      codes.forEach((code) => {
        expect(subjectArea(code), code).toBeDefined();
      });
    }
  });

  it('writes audiences and languages in the stored formats', () => {
    for (const record of records) {
      expect(joinTargetGroups(parseTargetGroups(record.fn_adressat))).toBe(record.fn_adressat);
      expect(joinLanguages(parseLanguages(record.fn_sprache))).toBe(record.fn_sprache);
    }
  });

  it('is the same on every call', () => {
    expect(demoCatalogue()).toEqual(records);
  });

  it('has drafts and archived media besides the published ones', () => {
    const statuses = records.map((record) => record.fn_status);
    expect(statuses.filter((status) => status !== 'published').length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status === 'published').length).toBeGreaterThan(450);
  });

  it('has several media about plants, for searching', () => {
    const plants = records.filter((record) =>
      `${record.fn_titel} ${record.fn_kurztext}`.includes('Pflanze'),
    );
    expect(plants.length).toBeGreaterThanOrEqual(10);
  });
});
