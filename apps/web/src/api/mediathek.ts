import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from './http.ts';

export interface MediathekHeading {
  name: string;
  path: string;
  description: string;
}

/** GET /api/v1/mediatheken/by-path?path=: a Mediathek's name and description; null if unknown. */
export async function fetchMediathek(
  path: string,
  signal?: AbortSignal,
): Promise<MediathekHeading | null> {
  try {
    return await apiJson<MediathekHeading>(
      `/api/v1/mediatheken/by-path?path=${encodeURIComponent(path)}`,
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return null;
    }
    throw error;
  }
}

export const mediathekQueryOptions = (path: string) =>
  queryOptions({
    queryKey: ['mediathek', path.toLowerCase()],
    queryFn: ({ signal }) => fetchMediathek(path, signal),
  });

export const useMediathek = (path: string) =>
  useQuery({ ...mediathekQueryOptions(path), enabled: path !== '' });
