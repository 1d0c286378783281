import type { Licence, ShareRequest } from '@medienkatalog/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from './http.ts';

const BASE = '/api/v1/producer/shares';
export const PRODUCER_SHARES_KEY = 'producer-shares';

/** GET /api/v1/producer/shares: the licences the producer granted, newest first. */
export const producerSharesQueryOptions = queryOptions({
  queryKey: [PRODUCER_SHARES_KEY],
  queryFn: ({ signal }) => apiJson<Licence[]>(BASE, { signal }),
});

export const useProducerShares = () => useQuery(producerSharesQueryOptions);

/** POST: one licence per organisation and covered item; the list reloads. */
export function useCreateShares() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ShareRequest) =>
      apiJson<Licence[]>(BASE, { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCER_SHARES_KEY] }),
  });
}

/** DELETE /{id}: withdraws a share (and what media centres passed on from it). */
export function useWithdrawShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`${BASE}/${String(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCER_SHARES_KEY] }),
  });
}
