import type { CodeBatch, CodeBatchRequest, CreatedCodeBatch } from '@medienkatalog/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from './http.ts';

const BASE = '/api/v1/producer/codes';
export const PRODUCER_CODES_KEY = 'producer-codes';

/** GET /api/v1/producer/codes: the batches, newest first, with the state of every code. */
export const producerCodesQueryOptions = queryOptions({
  queryKey: [PRODUCER_CODES_KEY],
  queryFn: ({ signal }) => apiJson<CodeBatch[]>(BASE, { signal }),
});

export const useProducerCodes = () => useQuery(producerCodesQueryOptions);

/** POST: the answer holds the codes in plain text, this once only. */
export function useCreateCodeBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CodeBatchRequest) =>
      apiJson<CreatedCodeBatch>(BASE, { method: 'POST', body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCER_CODES_KEY] }),
  });
}

/** DELETE /{id}: revokes a code nobody redeemed (409 with a message for a redeemed one). */
export function useRevokeCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`${BASE}/${String(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCER_CODES_KEY] }),
  });
}
