import { FACET_FIELDS, type CatalogueDistinct } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CATALOGUE,
  sourceParameters,
  type SearchSource,
  type SearchState,
} from './catalogue-search.ts';
import { apiJson } from './http.ts';

export const DISTINCT_KEY = 'distinct';

/** GET {source}/distinct: the filter values under the current search. */
export function distinctQueryOptions(
  state: SearchState,
  enabled: boolean,
  source: SearchSource = CATALOGUE,
) {
  const params = sourceParameters(state, source);
  for (const field of FACET_FIELDS) {
    params.append('f', field);
  }
  const url = `${source.path}/distinct?${params.toString()}`;
  return queryOptions({
    queryKey: [DISTINCT_KEY, url],
    queryFn: ({ signal }) => apiJson<CatalogueDistinct>(url, { signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export const useDistinct = (state: SearchState, enabled: boolean, source?: SearchSource) =>
  useQuery(distinctQueryOptions(state, enabled, source));
