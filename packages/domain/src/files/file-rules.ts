/** Characters a file or folder name must not contain (producer spec 5). */
export const INVALID_NAME_CHARACTERS = ['<', '>', ':', '"', '/', '\\', '|', '?', '*'] as const;

/**
 * The longest file or folder name, in bytes of UTF-8: the file systems take 255 (ext4, XFS,
 * btrfs), and the WebDAV storage keeps '{name}.nephelemeta' (12 bytes more) beside each file,
 * which every request to the file reads.
 */
export const MAX_FILE_NAME_BYTES = 255 - '.nephelemeta'.length;

/** Longer than MAX_FILE_NAME_BYTES in UTF-8 (an 'ä' counts two bytes). */
export function isFileNameTooLong(name: string): boolean {
  return new TextEncoder().encode(name).length > MAX_FILE_NAME_BYTES;
}

/**
 * A name the file manager accepts: not empty, none of the invalid characters, not '.' or '..',
 * at most MAX_FILE_NAME_BYTES long.
 */
export function isValidFileName(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed !== '' &&
    !isFileNameTooLong(name) &&
    trimmed !== '.' &&
    trimmed !== '..' &&
    // Control characters break listings and headers.
    !Array.from(trimmed).some((character) => character.charCodeAt(0) < 32) &&
    !INVALID_NAME_CHARACTERS.some((character) => trimmed.includes(character))
  );
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** '1.5 KB'-style sizes at 1024 per step with two decimals (spec 9); '-' without a size. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) {
    return '-';
  }
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(2);
  return `${rounded} ${SIZE_UNITS[unit] ?? 'B'}`;
}

/** Extensions a browser shows itself ('open in browser' in the file manager, spec 9). */
export const VIEWABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  'html',
  'htm',
  'css',
  'js',
  'json',
  'xml',
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
  'svg',
  'bmp',
  'txt',
  'md',
  'csv',
  'log',
  'pdf',
  'mp3',
  'wav',
  'ogg',
  'mp4',
  'webm',
  'avi',
  'mov',
]);

/** The lower-case extension of a file name, '' without one. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isViewableInBrowser(name: string): boolean {
  return VIEWABLE_EXTENSIONS.has(fileExtension(name));
}

/** Default limit of one uploaded file: 4 GiB. */
export const DEFAULT_MAX_FILE_SIZE = 4 * 1024 ** 3;
