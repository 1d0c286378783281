import { describe, expect, it } from 'vitest';
import { isFiltered } from './search-filters.ts';

describe('isFiltered', () => {
  it('says whether anything but the text narrows a search', () => {
    expect(isFiltered({ q: 'Energie' })).toBe(false);
    expect(isFiltered({ q: 'Energie', c: 'all', filter_fn_geb: [] })).toBe(false);
    expect(isFiltered({ q: 'Energie', c: 'media' })).toBe(true);
    expect(isFiltered({ filter_fn_adressat: ['BB*'] })).toBe(true);
    expect(isFiltered({ q: 'Energie', filter_lizenzen: ['mz/bench/mediathek'] })).toBe(true);
  });
});
