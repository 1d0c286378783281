import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './http.ts';

export interface PreviewSource {
  producer: string;
  info: { name: string; logo: string | null; text: string };
}

/** GET /api/v1/mzmedia/sichtung: the producers the user may preview; [] when it fails. */
export const previewSourcesQueryOptions = queryOptions({
  queryKey: ['preview-sources'],
  queryFn: async ({ signal }): Promise<PreviewSource[]> => {
    try {
      return await apiJson<PreviewSource[]>('/api/v1/mzmedia/sichtung', { signal });
    } catch {
      return [];
    }
  },
});

export const usePreviewSources = () => useQuery(previewSourcesQueryOptions);
