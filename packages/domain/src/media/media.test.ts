import { describe, expect, it } from 'vitest';
import { COVER_SIZES, coverUrl } from './cover.ts';
import { mediumIdentifier } from './medium.ts';
import { metadataLine } from './metadata-line.ts';

describe('metadata line', () => {
  it.each([
    [{ fn_typ: '49', fn_prodjahr: '2019', fn_sprache: 'de' }, 'Online-Film • 2019, de'],
    [{ fn_typ: '49', fn_prodjahr: '', fn_sprache: 'de' }, 'Online-Film, de'],
    [{ fn_typ: '79', fn_prodjahr: '2020', fn_sprache: '' }, 'Online-Dokument, 2020'],
    [{ fn_typ: '', fn_prodjahr: '2020', fn_sprache: '' }, '2020'],
    [{ fn_typ: '58', fn_prodjahr: '2021', fn_sprache: 'de' }, 'App'],
    [
      { fn_typ: '42', fn_prodjahr: '1999', fn_sprache: 'de; en(u)' },
      'Medientyp 42 • 1999, de; en(u)',
    ],
    [{ fn_typ: '', fn_prodjahr: '', fn_sprache: '' }, ''],
  ])('%o reads "%s"', (medium, line) => {
    expect(metadataLine(medium)).toBe(line);
  });
});

describe('cover address', () => {
  it('upper-cases the identifier and uses 400x226 by default', () => {
    expect(coverUrl('fwu-5561234')).toBe('/covers/400x226/FWU-5561234.jpg');
    expect(coverUrl('fwu-1', '48x27')).toBe('/covers/48x27/FWU-1.jpg');
  });

  it('knows the eight sizes', () => {
    expect(COVER_SIZES).toHaveLength(8);
    expect(COVER_SIZES).toContain('400x226');
  });
});

describe('medium identifier', () => {
  it('is pool, hyphen, fn_nr, upper-cased', () => {
    expect(mediumIdentifier('planetschule', 'ab12')).toBe('PLANETSCHULE-AB12');
  });
});
