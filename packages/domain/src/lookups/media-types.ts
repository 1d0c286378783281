/** Media type codes of both specs and of media-centre data, with German names. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '10': 'Diareihe',
  '19': 'Bild',
  '29': 'Online-Audio',
  '46': 'Video-DVD',
  '49': 'Online-Film',
  '50': 'Medienpaket',
  '55': 'Online-Medienpaket',
  '56': 'Medienmodul',
  '58': 'App',
  '69': 'Online-Software',
  '79': 'Online-Dokument',
  MP: 'Medienpaket',
  LEX: 'Lexikonartikel',
  UC_H5P: 'H5P-Element',
  UC_CLIP: 'Videoclip',
};

/** The German name of a type code; any other legacy code reads 'Medientyp {code}'. */
export function mediaTypeName(code: string): string {
  return MEDIA_TYPES[code] ?? `Medientyp ${code}`;
}

/** The seven types a producer can choose, in the spec's order. */
export const MEDIA_TYPE_OPTIONS: readonly { label: string; code: string }[] = [
  { label: 'Online-Film', code: '49' },
  { label: 'Online-Medienpaket', code: '55' },
  { label: 'Online-Audio', code: '29' },
  { label: 'Online-Dokument', code: '79' },
  { label: 'Online-Software', code: '69' },
  { label: 'App', code: '58' },
  { label: 'Bild', code: '19' },
];

/** Type codes of the media kinds of the search (`c`); 'media' is every other code. */
export const MEDIA_KINDS = {
  books: ['79', 'LEX'],
  apps: ['58', '69'],
} as const satisfies Record<string, readonly string[]>;

export function mediaKindOf(code: string): 'media' | 'books' | 'apps' {
  if ((MEDIA_KINDS.books as readonly string[]).includes(code)) {
    return 'books';
  }
  if ((MEDIA_KINDS.apps as readonly string[]).includes(code)) {
    return 'apps';
  }
  return 'media';
}
