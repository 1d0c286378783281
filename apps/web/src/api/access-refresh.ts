import { useQueryClient } from '@tanstack/react-query';
import { MEDIA_LIST_KEY } from './media-list.ts';
import { MEDIUM_KEY } from './medium.ts';

/**
 * After a user's access changed (a code redeemed, a counted use, a refusal of the server), the
 * cards and details on screen load their access, download and remaining uses again.
 */
export function useAccessRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [MEDIA_LIST_KEY, MEDIUM_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
}
