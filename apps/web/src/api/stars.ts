import type { CatalogueItem, MediumDetail } from '@medienkatalog/domain';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from './http.ts';
import { MEDIA_LIST_KEY, type MediaPage } from './media-list.ts';
import { MEDIUM_KEY } from './medium.ts';

interface StarChange {
  identifier: string;
  starred: boolean;
}

function applyStar<Item extends CatalogueItem>(item: Item, change: StarChange): Item {
  if (item.identifier !== change.identifier || item.starred === change.starred) {
    return item;
  }
  return { ...item, starred: change.starred, stars: item.stars + (change.starred ? 1 : -1) };
}

/**
 * Stars or unstars a medium (PUT/DELETE /api/v1/user/stars/{id}); every card and detail on
 * screen shows it at once and goes back if the call fails.
 */
export function useStarMutation() {
  const queryClient = useQueryClient();
  const update = (change: StarChange) => {
    queryClient.setQueriesData<InfiniteData<MediaPage>>({ queryKey: [MEDIA_LIST_KEY] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => applyStar(item, change)),
            })),
          }
        : data,
    );
    queryClient.setQueriesData<MediumDetail | null>({ queryKey: [MEDIUM_KEY] }, (medium) =>
      medium ? applyStar(medium, change) : medium,
    );
  };
  return useMutation({
    mutationFn: (change: StarChange) =>
      apiFetch(`/api/v1/user/stars/${encodeURIComponent(change.identifier)}`, {
        method: change.starred ? 'PUT' : 'DELETE',
      }),
    onMutate: (change) => {
      update(change);
    },
    onError: (_error, change) => {
      update({ ...change, starred: !change.starred });
    },
  });
}
