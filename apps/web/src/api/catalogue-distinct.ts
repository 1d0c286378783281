import { FACET_FIELDS, type CatalogueDistinct } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchParameters, type SearchState } from './catalogue-search.ts';
import { apiJson } from './http.ts';

/** GET /api/v1/media/catalogue/search/distinct: the filter values under the current search. */
export function distinctQueryOptions(state: SearchState, enabled: boolean) {
  const params = searchParameters(state);
  for (const field of FACET_FIELDS) {
    params.append('f', field);
  }
  const url = `/api/v1/media/catalogue/search/distinct?${params.toString()}`;
  return queryOptions({
    queryKey: ['distinct', url],
    queryFn: ({ signal }) => apiJson<CatalogueDistinct>(url, { signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export const useDistinct = (state: SearchState, enabled: boolean) =>
  useQuery(distinctQueryOptions(state, enabled));
