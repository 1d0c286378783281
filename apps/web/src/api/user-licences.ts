import type { Licence } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

export const USER_LICENCES_KEY = ['user-licences'];

/** GET /api/v1/user/licences: the licences the user holds itself (from redeemed codes). */
export const fetchUserLicences = (signal?: AbortSignal) =>
  apiJson<Licence[]>('/api/v1/user/licences', signal ? { signal } : {});

export const userLicencesQueryOptions = queryOptions({
  queryKey: USER_LICENCES_KEY,
  queryFn: ({ signal }) => fetchUserLicences(signal),
});

export const useUserLicences = () => useQuery(userLicencesQueryOptions);
