import { describe, expect, it } from 'vitest';
import { catalogueSearchUrl, contentPreview } from '../../api/catalogue-search.ts';
import { i18next } from '../../i18n/i18n.ts';
import { searchHeading } from './search-page.tsx';
import { searchStateFromUrl, searchUrlParams } from './search-url.ts';

const state = (query: string) => searchStateFromUrl(new URLSearchParams(query));

describe('search state in the URL', () => {
  it('reads every parameter and writes the same URL back', () => {
    const query =
      'q=Wald&t=books&schlag=Baum&producer=FWU&mediathek=mz%2Fnord&geb=080%7C120&typ=49';
    const read = state(query);
    expect(read).toEqual({
      q: 'Wald',
      kind: 'books',
      keyword: 'Baum',
      producer: 'FWU',
      mediathek: 'mz/nord',
      filters: { fn_geb: ['080', '120'], fn_sprache: [], fn_typ: ['49'], fn_adressat: [] },
      exact: false,
    });
    expect(searchUrlParams(read).toString()).toBe(query);
  });

  it('keeps exact (the words as typed) in the URL and sends it with the query only', () => {
    expect(searchUrlParams(state('q=Fotosynthese&exact=1')).toString()).toBe(
      'q=Fotosynthese&exact=1',
    );
    expect(catalogueSearchUrl(state('q=Fotosynthese&exact=1'))).toBe(
      '/api/v1/media/catalogue/search?q=Fotosynthese&exact=1',
    );
    expect(catalogueSearchUrl(state('exact=1'))).toBe('/api/v1/media/catalogue/search');
  });

  it('takes the producer from p as well, and ignores an unknown media kind', () => {
    expect(state('p=Lernfilm&t=videos')).toMatchObject({ producer: 'Lernfilm', kind: 'all' });
  });

  it('sends subject, language and audience filters with a trailing *, types as they are', () => {
    const url = catalogueSearchUrl(state('q=Wald&geb=080%7C120&sprache=de&typ=49%7C55&adressat=A'));
    const params = new URL(url, 'http://x').searchParams;
    expect(params.get('filter_fn_geb')).toBe('080*|120*');
    expect(params.get('filter_fn_sprache')).toBe('de*');
    expect(params.get('filter_fn_typ')).toBe('49|55');
    expect(params.get('filter_fn_adressat')).toBe('A*');
    expect(params.get('q')).toBe('Wald');
  });

  it("searches one producer's preview with the producer fixed in every call", () => {
    const url = catalogueSearchUrl(state('q=Wald&typ=49'), contentPreview('fwu'));
    expect(url).toBe('/api/v1/media/search?filter_identifier=FWU-%25&q=Wald&filter_fn_typ=49');
  });

  it('words the heading after the spec: media library, producer, query', () => {
    const t = i18next.t;
    expect(searchHeading(state('q=Wald'), t)).toBe('Ergebnisse für „Wald“');
    expect(searchHeading(state('producer=FWU&q=Wald'), t)).toBe('Ergebnisse für Produzent „FWU“');
    expect(searchHeading(state('mediathek=mz%2Fkreis%2FNord'), t)).toBe(
      'Inhalte der Nord-Mediathek',
    );
    expect(
      searchHeading(state('mediathek=fwu%2Fbiologie-sek1'), t, 'Biologie Sekundarstufe I'),
    ).toBe('Inhalte der Biologie Sekundarstufe I-Mediathek');
  });
});
