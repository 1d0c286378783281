import type { FacetValue } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

/** GET /api/v1/media/catalogue/categories: areas below `parent` with their media counts. */
export const categoriesQueryOptions = (parent: string | undefined) =>
  queryOptions({
    queryKey: ['categories', parent ?? ''],
    queryFn: ({ signal }) =>
      apiJson<FacetValue[]>(
        `/api/v1/media/catalogue/categories${parent ? `?parent=${parent}` : ''}`,
        { signal },
      ),
    staleTime: 10 * 60_000,
  });

export const useCategories = (parent: string | undefined) =>
  useQuery(categoriesQueryOptions(parent));
