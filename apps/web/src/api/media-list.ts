import { SEARCH_PAGE_SIZE, type CatalogueItem } from '@medienkatalog/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from './http.ts';

export interface MediaPage {
  items: CatalogueItem[];
  /** From X-Total-Count; undefined when the server sent none. */
  total: number | undefined;
  approximate: boolean;
  /** The query the server searched instead, its typing errors corrected. */
  corrected?: string;
  /** A correction the server offers for a query that found something ('Meinten Sie'). */
  suggestion?: string;
  /** No medium matched every word: these match some of them. */
  partial?: boolean;
}

/** A URI-encoded header (X-Search-Corrected, X-Search-Suggestion), when present. */
function decodedHeader(response: Response, name: string): string | undefined {
  const value = response.headers.get(name);
  if (value === null) {
    return undefined;
  }
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export const MEDIA_LIST_KEY = 'media-list';

/** One page of a card list: GET on the list address with p={page} (spec: card list). */
export async function fetchMediaPage(
  listUrl: string,
  page: number,
  signal?: AbortSignal,
): Promise<MediaPage> {
  const separator = listUrl.includes('?') ? '&' : '?';
  const response = await apiFetch(`${listUrl}${separator}p=${String(page)}`, {
    ...(signal ? { signal } : {}),
  });
  const items = (await response.json()) as CatalogueItem[];
  const total = response.headers.get('X-Total-Count');
  return {
    items,
    total: total === null ? undefined : Number(total),
    approximate: response.headers.get('X-Total-Count-Approximate') === 'true',
    corrected: decodedHeader(response, 'X-Search-Corrected'),
    suggestion: decodedHeader(response, 'X-Search-Suggestion'),
    partial: response.headers.get('X-Search-Partial') === 'true',
  };
}

/** Pages from 0; an empty (or short) page ends the list. */
export const mediaListQueryOptions = (listUrl: string) =>
  infiniteQueryOptions({
    queryKey: [MEDIA_LIST_KEY, listUrl],
    queryFn: ({ pageParam, signal }) => fetchMediaPage(listUrl, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastPage) =>
      last.items.length < SEARCH_PAGE_SIZE ? undefined : lastPage + 1,
  });

export const useMediaList = (listUrl: string) => useInfiniteQuery(mediaListQueryOptions(listUrl));
