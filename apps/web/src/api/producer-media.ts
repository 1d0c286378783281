import type {
  BulkUpdateFields,
  ProducerMedium,
  ProducerMediumInput,
  ProducerMediumUpdate,
} from '@medienkatalog/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiFetch, apiJson } from './http.ts';

export const PRODUCER_MEDIA_KEY = 'producer-media';
/** Media per list call (the server's maximum). */
const PAGE_SIZE = 1000;
/** List pages fetched at once after the first. */
const PARALLEL_PAGES = 4;

const BASE = '/api/v1/producer/media';
const mediumPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

async function listPage(page: number, signal: AbortSignal) {
  const response = await apiFetch(`${BASE}?p=${String(page)}&limit=${String(PAGE_SIZE)}`, {
    signal,
  });
  return {
    items: (await response.json()) as ProducerMedium[],
    total: Number(response.headers.get('X-Total-Count') ?? 0),
  };
}

/**
 * All media of the producer's pool, last changed first: the first page tells the total, the
 * rest follow a few pages at a time (10,000 media are ten calls).
 */
export async function fetchAllProducerMedia(signal: AbortSignal): Promise<ProducerMedium[]> {
  const first = await listPage(0, signal);
  const pages = Math.ceil(first.total / PAGE_SIZE);
  const media = [...first.items];
  for (let start = 1; start < pages; start += PARALLEL_PAGES) {
    const batch = Array.from(
      { length: Math.min(PARALLEL_PAGES, pages - start) },
      (_unused, index) => listPage(start + index, signal),
    );
    for (const page of await Promise.all(batch)) {
      media.push(...page.items);
    }
  }
  return media;
}

/**
 * The grid always edits what the server holds now: a visit starts with `loadProducerMedia`
 * (fresh, never from an earlier visit), and the list reloads only when asked (after a save, a
 * bulk call, a discard), never behind the back of unsaved edits.
 */
export const producerMediaQueryOptions = queryOptions({
  queryKey: [PRODUCER_MEDIA_KEY],
  queryFn: ({ signal }) => fetchAllProducerMedia(signal),
  staleTime: 0,
  gcTime: 60_000,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  // Fresh objects on every load: the grid edits its rows in place, so a reload must replace them.
  structuralSharing: false,
});

/**
 * Starts a fresh load of the list for a visit of the edit mode: called when the tab is chosen,
 * so the list loads while the grid's code does.
 */
export function loadProducerMedia(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: [PRODUCER_MEDIA_KEY] });
  queryClient.query(producerMediaQueryOptions).catch(() => undefined);
}

export const useProducerMedia = () => useQuery(producerMediaQueryOptions);

export const createProducerMedium = (medium: ProducerMediumInput) =>
  apiJson<ProducerMedium>(BASE, { method: 'POST', body: medium });

/** PUT with the change time the edit was based on; 409 when someone changed it since. */
export const updateProducerMedium = (id: string, medium: ProducerMediumUpdate) =>
  apiJson<ProducerMedium>(mediumPath(id), { method: 'PUT', body: medium });

export const deleteProducerMedium = async (id: string) => {
  await apiFetch(mediumPath(id), { method: 'DELETE' });
};

export const bulkUpdateProducerMedia = (ids: readonly string[], updates: BulkUpdateFields) =>
  apiJson<{ updated: number }>(`${BASE}/bulk`, { method: 'PATCH', body: { ids, updates } });

export const bulkDeleteProducerMedia = (ids: readonly string[]) =>
  apiJson<{ updated: number }>(`${BASE}/bulk`, { method: 'DELETE', body: { ids } });

/** Bulk update, then the list reloads. */
export function useBulkUpdateProducerMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, updates }: { ids: readonly string[]; updates: BulkUpdateFields }) =>
      bulkUpdateProducerMedia(ids, updates),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCER_MEDIA_KEY] }),
  });
}

/** Deletes one medium (DELETE .../{id}) or several (DELETE .../bulk), then the list reloads. */
export function useDeleteProducerMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      if (ids.length === 1 && ids[0] !== undefined) {
        await deleteProducerMedium(ids[0]);
        return { updated: 1 };
      }
      return bulkDeleteProducerMedia(ids);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRODUCER_MEDIA_KEY] }),
  });
}
