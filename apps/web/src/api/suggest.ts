import type { Suggestion } from '@medienkatalog/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

/** GET /api/v1/media/catalogue/suggest: completions from the second letter on. */
export function useSuggestions(text: string, wanted: boolean) {
  const q = text.trim();
  return useQuery({
    queryKey: ['suggest', q],
    queryFn: ({ signal }) =>
      apiJson<Suggestion[]>(`/api/v1/media/catalogue/suggest?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    enabled: wanted && q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
