import type { Licence } from '@medienkatalog/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from './http.ts';

export const MZ_LICENCES_KEY = ['mz-licences'];

/** GET /api/v1/mz/licences: the licences the media centre holds and those it passed on. */
export const fetchMzLicences = (signal?: AbortSignal) =>
  apiJson<Licence[]>('/api/v1/mz/licences', signal ? { signal } : {});

export const mzLicencesQueryOptions = queryOptions({
  queryKey: MZ_LICENCES_KEY,
  queryFn: ({ signal }) => fetchMzLicences(signal),
});

export const useMzLicences = () => useQuery(mzLicencesQueryOptions);

/** DELETE /api/v1/mz/licences/{id}: withdraws a licence passed on to a school. */
export const withdrawMzLicence = async (id: number): Promise<void> => {
  await apiFetch(`/api/v1/mz/licences/${String(id)}`, { method: 'DELETE' });
};

export function useWithdrawMzLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawMzLicence,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MZ_LICENCES_KEY }),
  });
}
