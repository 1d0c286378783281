/** The image types the teaser editor takes (spec 5). */
export const TEASER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** WebP quality of the stored teaser (spec 9). */
export const WEBP_QUALITY = 0.85;

export const isTeaserType = (type: string) => (TEASER_TYPES as readonly string[]).includes(type);

/**
 * Converts a JPEG, PNG or WebP to WebP in the browser (spec 7.3), keeping its size; the
 * errors are the spec's texts (8).
 */
export async function toWebp(image: Blob, quality = WEBP_QUALITY): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(image);
  } catch {
    throw new Error('Failed to load image for WebP conversion');
  }
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  const webp = await new Promise<Blob | null>((resolve) => {
    canvas.toBlob(resolve, 'image/webp', quality);
  });
  if (!webp || webp.type !== 'image/webp') {
    throw new Error('Failed to convert image to WebP');
  }
  return webp;
}
