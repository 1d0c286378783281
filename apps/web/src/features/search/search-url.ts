import {
  FACET_FIELDS,
  SEARCH_KINDS,
  type FacetField,
  type SearchKind,
} from '@medienkatalog/domain';
import {
  CATALOGUE,
  catalogueSearchUrl,
  EMPTY_FILTERS,
  type SearchState,
} from '../../api/catalogue-search.ts';

/** URL parameters of the filters on /search (values joined by '|'). */
export const FILTER_PARAMS: Record<FacetField, string> = {
  fn_geb: 'geb',
  fn_sprache: 'sprache',
  fn_typ: 'typ',
  fn_adressat: 'adressat',
};

const isKind = (value: string | null): value is SearchKind =>
  (SEARCH_KINDS as readonly (string | null)[]).includes(value);

/** The search state of a /search URL: q, t, schlag, producer (or p), mediathek and filters. */
export function searchStateFromUrl(params: URLSearchParams): SearchState {
  const kind = params.get('t');
  const filters = { ...EMPTY_FILTERS };
  for (const field of FACET_FIELDS) {
    const raw = params.get(FILTER_PARAMS[field]) ?? '';
    filters[field] = raw.split('|').filter((value) => value !== '');
  }
  return {
    q: params.get('q') ?? '',
    kind: isKind(kind) ? kind : 'all',
    producer: params.get('producer') ?? params.get('p') ?? '',
    keyword: params.get('schlag') ?? '',
    mediathek: params.get('mediathek') ?? '',
    filters,
    exact: params.get('exact') === '1',
  };
}

/** The /search URL parameters of a state (the inverse of searchStateFromUrl). */
export function searchUrlParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => {
    if (value !== '') {
      params.set(name, value);
    }
  };
  set('q', state.q);
  set('t', state.kind === 'all' ? '' : state.kind);
  set('schlag', state.keyword);
  set('producer', state.producer);
  set('mediathek', state.mediathek);
  set('exact', state.exact && state.q !== '' ? '1' : '');
  for (const field of FACET_FIELDS) {
    set(FILTER_PARAMS[field], state.filters[field].join('|'));
  }
  return params;
}

/**
 * The address of the result list of a /search URL. 'refresh' (a forced reload of the same search)
 * makes a new address.
 */
export function searchListUrl(params: URLSearchParams): string {
  const refresh = params.get('refresh');
  return catalogueSearchUrl(
    searchStateFromUrl(params),
    refresh ? { ...CATALOGUE, fixed: { refresh } } : CATALOGUE,
  );
}
