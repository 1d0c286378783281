import { COVER_SIZES, coverUrl, DEFAULT_COVER_SIZE } from '@medienkatalog/domain';
import { fileStorage } from './media-files.ts';

/** The teaser's place in the medium's storage (spec 5: the extension by image type). */
const TEASER_FOLDER = 'thumbs';
const TEASER_TYPES = ['image/webp', 'image/png', 'image/jpeg'];
const teaserPath = (type: string) =>
  `${TEASER_FOLDER}/main.${type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg'}`;

/** Uploads the teaser (spec 7.3: a PUT of the image to the medium's storage). */
export async function uploadTeaser(identifier: string, image: Blob): Promise<void> {
  const storage = fileStorage(identifier);
  if (!(await storage.exists(TEASER_FOLDER))) {
    await storage.mkdir(TEASER_FOLDER);
  }
  await storage.put(teaserPath(image.type), image, { kind: 'image' });
}

/** Removes every stored teaser variant, so the cover falls back to the placeholder. */
export async function removeTeaser(identifier: string): Promise<void> {
  const storage = fileStorage(identifier);
  for (const type of TEASER_TYPES) {
    if (await storage.exists(teaserPath(type))) {
      await storage.remove(teaserPath(type));
    }
  }
}

/** Whether the medium has a stored teaser in any of the three types. */
export async function teaserExists(identifier: string): Promise<boolean> {
  const storage = fileStorage(identifier);
  for (const type of TEASER_TYPES) {
    if (await storage.exists(teaserPath(type))) {
      return true;
    }
  }
  return false;
}

const proxied = (identifier: string, size: (typeof COVER_SIZES)[number]) =>
  `/api/v1/utils/image-proxy?url=${encodeURIComponent(`${coverUrl(identifier, size)}?nocache=1`)}`;

/**
 * Regenerates every cover size through the image proxy (spec 7.3) and answers the display
 * size (400x226) as a blob; the other sizes are only asked for, so the server renders them.
 */
export async function regenerateCovers(identifier: string): Promise<Blob> {
  const answers = await Promise.all(
    COVER_SIZES.map(async (size) => {
      const response = await fetch(proxied(identifier, size), {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!response.ok) {
        throw new Error(`HTTP ${String(response.status)}`);
      }
      return size === DEFAULT_COVER_SIZE ? response.blob() : null;
    }),
  );
  const display = answers[COVER_SIZES.indexOf(DEFAULT_COVER_SIZE)];
  if (!display) {
    throw new Error('No display size');
  }
  return display;
}

/** The default image: the 400x226 cover, with a cache-busting t (spec 7.3). */
export const teaserDisplayUrl = (identifier: string, version: number) =>
  `${coverUrl(identifier)}?t=${String(version)}`;
