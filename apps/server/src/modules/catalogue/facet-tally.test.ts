import { describe, expect, it } from 'vitest';
import { tallyFacets } from './facet-tally.ts';

describe('tallyFacets', () => {
  it('counts each medium once per school stage its target-group tokens fall in', () => {
    const tally = tallyFacets([
      { field: '', codes: null, count: 7 },
      // Grades 4 and 5: the primary stage and 'Klasse 5-6'; grades 1 and 2 count once.
      { field: 'fn_adressat', codes: ['A', 'A(4)', 'A(5)'], count: 3 },
      { field: 'fn_adressat', codes: ['A', 'A(1)', 'A(2)'], count: 2 },
      { field: 'fn_adressat', codes: ['BB'], count: 2 },
    ]);
    expect(tally.counted).toBe(7);
    expect(tally.values).toEqual([
      { field: 'fn_adressat', value: 'A(1-4)', count: 5 },
      { field: 'fn_adressat', value: 'A(5-6)', count: 3 },
      { field: 'fn_adressat', value: 'BB', count: 2 },
    ]);
  });

  it('counts languages without their variants, types and subject areas as they are', () => {
    const tally = tallyFacets([
      { field: 'fn_sprache', codes: ['de', 'de(h)'], count: 4 },
      { field: 'fn_sprache', codes: ['en', 'de'], count: 1 },
      { field: 'fn_typ', codes: ['42'], count: 5 },
      { field: 'fn_typ', codes: [null], count: 1 },
      { field: 'fn_geb', codes: ['400'], count: 2 },
      { field: 'fn_geb', codes: ['400'], count: 1 },
    ]);
    expect(tally.counted).toBe(0);
    expect(tally.values).toEqual([
      { field: 'fn_sprache', value: 'de', count: 5 },
      { field: 'fn_sprache', value: 'en', count: 1 },
      { field: 'fn_typ', value: '42', count: 5 },
      { field: 'fn_geb', value: '400', count: 3 },
    ]);
  });
});
