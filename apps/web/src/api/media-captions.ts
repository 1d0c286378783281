import { queryOptions, useQuery } from '@tanstack/react-query';
import { i18next } from '../i18n/i18n.ts';
import { ApiError, apiFetch, apiJson, csrfHeaders } from './http.ts';
import { MEDIA_FILES_KEY } from './media-files.ts';

/** A WebVTT track of the medium as stored (GET /api/v1/producer/media/{id}/captions). */
export interface CaptionTrack {
  kind: 'captions' | 'chapters';
  language: string;
  label: string;
  path: string;
}

/** What a caption call names: captions of one language, or the chapters. */
export type CaptionTarget = { kind: 'captions'; language: string } | { kind: 'chapters' };

const base = (identifier: string) => `/api/v1/producer/media/${encodeURIComponent(identifier)}`;
const targetPath = (identifier: string, target: CaptionTarget) =>
  target.kind === 'chapters'
    ? `${base(identifier)}/chapters`
    : `${base(identifier)}/captions/${encodeURIComponent(target.language)}`;

export const captionsQueryOptions = (identifier: string) =>
  queryOptions({
    queryKey: [MEDIA_FILES_KEY, identifier, 'captions'],
    queryFn: async () =>
      (await apiJson<{ tracks: CaptionTrack[] }>(`${base(identifier)}/captions`)).tracks,
    refetchOnWindowFocus: false,
  });

export const useCaptions = (identifier: string) =>
  useQuery({ ...captionsQueryOptions(identifier), enabled: identifier !== '' });

/** PUT of a .vtt file (checked again by the server, which names a bad line in its 400). */
export async function uploadCaptions(
  identifier: string,
  target: CaptionTarget,
  text: string,
): Promise<CaptionTrack[]> {
  const response = await fetch(targetPath(identifier, target), {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'text/vtt', Accept: 'application/json', ...(await csrfHeaders()) },
    body: text,
  });
  const body = (await response.json().catch(() => ({}))) as {
    tracks?: CaptionTrack[];
    message?: unknown;
  };
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : i18next.t('grid.error'),
    );
  }
  return body.tracks ?? [];
}

export async function deleteCaptions(
  identifier: string,
  target: CaptionTarget,
): Promise<CaptionTrack[]> {
  const response = await apiFetch(targetPath(identifier, target), { method: 'DELETE' });
  return ((await response.json()) as { tracks: CaptionTrack[] }).tracks;
}
