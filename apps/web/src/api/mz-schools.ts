import type { Organisation } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

/** GET /api/v1/mz/schools: the schools the media centre serves, by name. */
export const fetchMzSchools = (signal?: AbortSignal) =>
  apiJson<Organisation[]>('/api/v1/mz/schools', signal ? { signal } : {});

export const mzSchoolsQueryOptions = queryOptions({
  queryKey: ['mz-schools'],
  queryFn: ({ signal }) => fetchMzSchools(signal),
  // The district's schools change rarely.
  staleTime: 5 * 60_000,
});

export const useMzSchools = () => useQuery(mzSchoolsQueryOptions);
