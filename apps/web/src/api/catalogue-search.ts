import type { CatalogueItem } from '@medienkatalog/domain';

export interface SearchPage {
  items: CatalogueItem[];
  total: number;
  approximate: boolean;
}

/** GET /api/v1/media/catalogue/search: one page of media and the total from the headers. */
export async function searchCatalogue(
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const params = new URLSearchParams({ p: String(page) });
  if (query.trim() !== '') {
    params.set('q', query);
  }
  const response = await fetch(`/api/v1/media/catalogue/search?${params.toString()}`, {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`Network response was not ok: ${response.statusText}`);
  }
  const items = (await response.json()) as CatalogueItem[];
  return {
    items,
    total: Number(response.headers.get('X-Total-Count') ?? items.length),
    approximate: response.headers.get('X-Total-Count-Approximate') === 'true',
  };
}
