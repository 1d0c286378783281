import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { MESSAGES } from '@medienkatalog/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.ts';

export interface SendFileOptions {
  contentType: string;
  /** 'attachment' makes the browser download the file under `fileName`; 'inline' shows it. */
  disposition: 'attachment' | 'inline';
  fileName: string;
  /** Cache-Control of the answer. */
  cacheControl?: string;
}

/**
 * Streams a file with Range support (one range; video players seek with it): 206 with
 * Content-Range for a satisfiable range, 416 for one beyond the end, the whole file (200) for
 * none, several or malformed ones, or when If-Range does not name this version (strong
 * comparison, see ifRangeMatches). HEAD answers the headers only. A missing path or a folder
 * answers 404.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  absolutePath: string,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const stats = await stat(absolutePath).catch(() => undefined);
  if (!stats?.isFile()) {
    throw new HttpError(404, MESSAGES.files.fileNotFound);
  }
  const size = stats.size;
  // Strong, from size and modification time as nginx makes it: these answers are never
  // compressed, so the bytes of one tag are always the same (If-Range needs a strong tag).
  const etag = `"${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const lastModified = stats.mtime.toUTCString();
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', options.contentType)
    .header('Content-Disposition', contentDisposition(options.disposition, options.fileName))
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
    .header('Cache-Control', options.cacheControl ?? 'private, no-cache');

  if (request.headers['if-none-match'] === etag) {
    return reply.code(304).send();
  }

  let range = parseRange(request.headers.range, size);
  const ifRange = request.headers['if-range'];
  if (range !== undefined && ifRange !== undefined) {
    const strongDate = Date.now() - stats.mtimeMs >= 1000;
    const current = { etag, lastModified: strongDate ? lastModified : undefined };
    if (typeof ifRange !== 'string' || !ifRangeMatches(ifRange, current)) {
      range = undefined;
    }
  }
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${String(size)}`)
      .header('Content-Type', 'text/plain; charset=utf-8')
      .removeHeader('Content-Disposition')
      .send('');
  }
  const [start, end] = range ?? [0, size - 1];
  const length = size === 0 ? 0 : end - start + 1;
  if (range) {
    void reply
      .code(206)
      .header('Content-Range', `bytes ${String(start)}-${String(end)}/${String(size)}`);
  }
  void reply.header('Content-Length', String(length));
  if (request.method === 'HEAD') {
    // Fastify's HEAD routes keep the Content-Length of a stream (an empty one: nothing is read).
    return reply.send(Readable.from([]));
  }
  if (length === 0) {
    return reply.send();
  }
  return reply.send(createReadStream(absolutePath, { start, end }));
}

/**
 * Whether If-Range names this version (RFC 9110 13.1.5), by strong comparison: an entity tag
 * only when it is the strong tag itself (a weak W/"..." never matches), a date only when it is
 * exactly the Last-Modified and that is strong (undefined when the file changed within the last
 * second, 8.8.2.2). Otherwise the whole file is sent.
 */
export function ifRangeMatches(
  header: string,
  current: { etag: string; lastModified: string | undefined },
): boolean {
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    return !value.startsWith('W/') && value === current.etag;
  }
  return current.lastModified !== undefined && value === current.lastModified;
}

/**
 * The one range of a Range header as [first, last] byte, 'unsatisfiable' when it starts past
 * the end, undefined when there is none to honour (absent, malformed, several ranges).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | 'unsatisfiable' | undefined {
  if (header === undefined) {
    return undefined;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) {
    return undefined;
  }
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') {
    return undefined;
  }
  if (first === '') {
    // The last n bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) {
      return 'unsatisfiable';
    }
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) {
    return undefined;
  }
  if (start >= size) {
    return 'unsatisfiable';
  }
  return [start, end];
}

/**
 * Content-Disposition with an ASCII fallback name and the exact name as RFC 5987 filename*
 * (UTF-8, percent-encoded), so umlauts survive and quotes or line breaks cannot break out.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
