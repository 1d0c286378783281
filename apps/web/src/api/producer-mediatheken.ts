import type { Mediathek, MediathekInput } from '@medienkatalog/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from './http.ts';
import { MEDIA_LIST_KEY } from './media-list.ts';

const BASE = '/api/v1/producer/mediatheken';
export const PRODUCER_MEDIATHEKEN_KEY = 'producer-mediatheken';

/** GET /api/v1/producer/mediatheken: the producer's Mediatheken with their media. */
export const producerMediathekenQueryOptions = queryOptions({
  queryKey: [PRODUCER_MEDIATHEKEN_KEY],
  queryFn: ({ signal }) => apiJson<Mediathek[]>(BASE, { signal }),
});

export const useProducerMediatheken = () => useQuery(producerMediathekenQueryOptions);

/** The list reloads, and so does every search (a Mediathek's search shows its media). */
function useInvalidateMediatheken() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [PRODUCER_MEDIATHEKEN_KEY] }),
      queryClient.invalidateQueries({ queryKey: [MEDIA_LIST_KEY] }),
    ]);
}

/** POST (no id) or PUT /{id}; 409 with the server's message when the path is taken. */
export function useSaveMediathek() {
  const invalidate = useInvalidateMediatheken();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: MediathekInput }) =>
      id === undefined
        ? apiJson<Mediathek>(BASE, { method: 'POST', body: input })
        : apiJson<Mediathek>(`${BASE}/${String(id)}`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteMediathek() {
  const invalidate = useInvalidateMediatheken();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch(`${BASE}/${String(id)}`, { method: 'DELETE' });
    },
    onSuccess: invalidate,
  });
}
