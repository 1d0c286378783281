import type { MediumDetail } from '@medienkatalog/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, ApiError, apiJson } from './http.ts';

export const MEDIUM_KEY = 'medium';

/** GET /api/v1/media/{identifier}; null when there is no such medium. */
export const mediumQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: [MEDIUM_KEY, identifier.toUpperCase()],
    queryFn: async ({ signal }) => {
      try {
        return await apiJson<MediumDetail>(`/api/v1/media/${encodeURIComponent(identifier)}`, {
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          return null;
        }
        throw error;
      }
    },
  });

export const useMedium = (identifier: string) => useQuery(mediumQueryOptions(identifier));

/** Counts an opening of the medium (detail page or preview) for the trending list. */
export async function recordView(identifier: string): Promise<void> {
  await apiFetch(`/api/v1/media/${encodeURIComponent(identifier)}/views`, { method: 'POST' });
}
