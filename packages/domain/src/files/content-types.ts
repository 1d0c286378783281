import { fileExtension } from './file-rules.ts';

/**
 * Content types by lower-case extension: what the server sends with a file and what the file
 * manager uploads it as. Text types carry UTF-8 except HTML, whose own <meta charset> decides.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  // Video and audio
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
  vtt: 'text/vtt; charset=utf-8',
  // HTTP live streaming (the renditions of a video): playlists and MPEG-TS segments
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  // Images
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  // Web pages and their parts
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  wasm: 'application/wasm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  // Documents
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  // Archives
  zip: 'application/zip',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The content type of a file name by its extension; application/octet-stream when unknown. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[fileExtension(name)] ?? DEFAULT_CONTENT_TYPE;
}

/** How the embeddable player page shows a file: as video, audio, image or framed page. */
export type PlayerKind = 'video' | 'audio' | 'image' | 'page';

export function playerKindOf(name: string): PlayerKind {
  const type = contentTypeOf(name);
  if (type.startsWith('video/')) {
    return 'video';
  }
  if (type.startsWith('audio/')) {
    return 'audio';
  }
  return type.startsWith('image/') ? 'image' : 'page';
}
