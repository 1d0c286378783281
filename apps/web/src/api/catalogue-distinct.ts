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

/**
 * GET {source}/distinct: the filter values under the current search, with counts; with
 * `subjectParent`, only the subject areas one level below it.
 */
export function distinctQueryOptions(
  state: SearchState,
  source: SearchSource = CATALOGUE,
  subjectParent?: string,
) {
  const params = sourceParameters(state, source);
  if (subjectParent === undefined) {
    for (const field of FACET_FIELDS) {
      params.append('f', field);
    }
  } else {
    params.append('f', 'fn_geb');
    params.set('geb_parent', subjectParent);
  }
  const url = `${source.path}/distinct?${params.toString()}`;
  return queryOptions({
    queryKey: [DISTINCT_KEY, url],
    queryFn: ({ signal }) => apiJson<CatalogueDistinct>(url, { signal }),
    staleTime: 10 * 60_000,
  });
}

export const useDistinct = (state: SearchState, source?: SearchSource, subjectParent?: string) =>
  useQuery(distinctQueryOptions(state, source, subjectParent));
