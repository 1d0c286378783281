import type { Organisation } from '@medienkatalog/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

/**
 * GET /api/v1/producer/organisations?q=: schools and media centres whose name contains the text
 * or whose school number is it (at most 20).
 */
export const organisationsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['producer-organisations', query],
    queryFn: ({ signal }) =>
      apiJson<Organisation[]>(`/api/v1/producer/organisations?q=${encodeURIComponent(query)}`, {
        signal,
      }),
    staleTime: 60_000,
  });

/** The organisations for a typed text; the previous answer stays while the next loads. */
export const useOrganisations = (query: string) =>
  useQuery({ ...organisationsQueryOptions(query), placeholderData: keepPreviousData });
