import { FACET_FIELDS, type FacetField, type SearchKind } from '@medienkatalog/domain';

/** Everything a catalogue search is about; the search page keeps it in its URL. */
export interface SearchState {
  q: string;
  kind: SearchKind;
  producer: string;
  keyword: string;
  mediathek: string;
  filters: Record<FacetField, string[]>;
}

export const EMPTY_FILTERS: Record<FacetField, string[]> = {
  fn_geb: [],
  fn_sprache: [],
  fn_typ: [],
  fn_adressat: [],
};

/** The parameters of the search and distinct calls (filter values joined by '|'). */
export function searchParameters(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim() !== '') {
    params.set('q', state.q.trim());
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

/** The list address of the card grid for a search. */
export function catalogueSearchUrl(state: SearchState): string {
  const params = searchParameters(state).toString();
  return `/api/v1/media/catalogue/search${params === '' ? '' : `?${params}`}`;
}

/** Whether the user searched or filtered at all (otherwise the full lookup lists are offered). */
export function hasSearchInput(state: SearchState): boolean {
  return searchParameters(state).toString() !== '';
}
