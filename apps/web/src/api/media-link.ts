import type { MediaLink } from '@medienkatalog/domain';
import { apiJson } from './http.ts';

const linkPath = (identifier: string) => `/api/v1/media/link/${encodeURIComponent(identifier)}`;

/**
 * GET /api/v1/media/link/{identifier}: signed, expiring play and download links; a failure is
 * 'HTTP {status}' (producer spec 8).
 */
export async function fetchMediaLinks(identifier: string): Promise<MediaLink> {
  const response = await fetch(linkPath(identifier), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`HTTP ${String(response.status)}`);
  }
  return (await response.json()) as MediaLink;
}

/**
 * The same call as a user's play or download (counted as a use of that kind); a refusal throws
 * an ApiError with the server's German message (403: no licence, uses used up, stream only).
 */
export const fetchUserMediaLinks = (identifier: string, purpose: 'play' | 'download') =>
  apiJson<MediaLink>(`${linkPath(identifier)}?purpose=${purpose}`);
