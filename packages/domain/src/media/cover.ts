/** The sizes the cover service renders (producer spec, section 9). */
export const COVER_SIZES = [
  '1024x576',
  '576x794',
  '555x312',
  '400x226',
  '260x70',
  '222x125',
  '160x220',
  '48x27',
] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

export const DEFAULT_COVER_SIZE: CoverSize = '400x226';

/** The cover image address of a medium: its identifier upper-cased, 400x226 by default. */
export function coverUrl(identifier: string, size: CoverSize = DEFAULT_COVER_SIZE): string {
  return `/covers/${size}/${encodeURIComponent(identifier.toUpperCase())}.jpg`;
}

/** The folder of a medium's storage that holds its teaser: the producer's, not users' content. */
export const TEASER_FOLDER = 'thumbs';

/** The teaser of a medium: the first of these that exists (the teaser editor uploads WebP). */
export const TEASER_FILES = ['thumbs/main.webp', 'thumbs/main.png', 'thumbs/main.jpg'] as const;

/** Whether a relative storage path ('thumbs/main.webp') lies in the teaser's folder. */
export function isTeaserPath(relativePath: string): boolean {
  const path = relativePath.replace(/^\/+/, '');
  return path === TEASER_FOLDER || path.startsWith(`${TEASER_FOLDER}/`);
}
