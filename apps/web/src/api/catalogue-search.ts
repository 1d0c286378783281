import { FACET_FIELDS, type FacetField, type SearchKind } from '@medienkatalog/domain';

/** Everything a catalogue search is about; the search page keeps it in its URL. */
export interface SearchState {
  q: string;
  kind: SearchKind;
  producer: string;
  keyword: string;
  mediathek: string;
  filters: Record<FacetField, string[]>;
  /** The words as typed, without correcting typing errors ('Stattdessen suchen nach …'). */
  exact: boolean;
}

export const EMPTY_FILTERS: Record<FacetField, string[]> = {
  fn_geb: [],
  fn_sprache: [],
  fn_typ: [],
  fn_adressat: [],
};

/** No search input at all: the newest media, every filter value offered. */
export const NO_SEARCH: SearchState = {
  q: '',
  kind: 'all',
  producer: '',
  keyword: '',
  mediathek: '',
  filters: EMPTY_FILTERS,
  exact: false,
};

/** The parameters of the search and distinct calls (filter values joined by '|'). */
export function searchParameters(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim() !== '') {
    params.set('q', state.q.trim());
    if (state.exact) {
      params.set('exact', '1');
    }
  }
  if (state.kind !== 'all') {
    params.set('c', state.kind);
  }
  if (state.producer !== '') {
    params.set('filter_fn_prodname', state.producer);
  }
  if (state.keyword !== '') {
    params.set('filter_fn_schlag', state.keyword);
  }
  if (state.mediathek !== '') {
    params.set('filter_lizenzen', state.mediathek);
  }
  for (const field of FACET_FIELDS) {
    const values = state.filters[field];
    if (values.length > 0) {
      // Subjects, languages and audiences match everything below a value (spec: trailing *).
      const sent = field === 'fn_typ' ? values : values.map((value) => `${value}*`);
      params.set(`filter_${field}`, sent.join('|'));
    }
  }
  return params;
}

/** Where a search runs: the public catalogue, or one producer's content preview. */
export interface SearchSource {
  /** The search call; its distinct call is this path plus '/distinct'. */
  path: string;
  /** Parameters every call of this source carries. */
  fixed: Record<string, string>;
}

export const CATALOGUE: SearchSource = { path: '/api/v1/media/catalogue/search', fixed: {} };

export const contentPreview = (producer: string): SearchSource => ({
  path: '/api/v1/media/search',
  fixed: { filter_identifier: `${producer.toUpperCase()}-%` },
});

/** The parameters of a call of the source for the state. */
export function sourceParameters(state: SearchState, source: SearchSource): URLSearchParams {
  const params = new URLSearchParams(source.fixed);
  for (const [name, value] of searchParameters(state)) {
    params.set(name, value);
  }
  return params;
}

/** The list address of the card grid for a search. */
export function catalogueSearchUrl(state: SearchState, source: SearchSource = CATALOGUE): string {
  const params = sourceParameters(state, source).toString();
  return `${source.path}${params === '' ? '' : `?${params}`}`;
}
