import type { MediaLink } from '@medienkatalog/domain';

/**
 * GET /api/v1/media/link/{identifier}: signed, expiring play and download links; a failure is
 * 'HTTP {status}' (producer spec 8).
 */
export async function fetchMediaLinks(identifier: string): Promise<MediaLink> {
  const response = await fetch(`/api/v1/media/link/${encodeURIComponent(identifier)}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    throw new Error(`HTTP ${String(response.status)}`);
  }
  return (await response.json()) as MediaLink;
}
