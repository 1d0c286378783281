import { isFileNameTooLong, MAX_FILE_NAME_BYTES, MESSAGES } from '@medienkatalog/domain';
import { HttpError } from '../../http-error.ts';

/** Where the WebDAV storage of the media is mounted. */
export const DAV_ROOT = '/dav';

/** A request path under /dav/{identifier}/, checked and split. */
export interface DavPath {
  /** The medium's identifier, decoded, as the client wrote it. */
  identifier: string;
  /** '/dav/{identifier}' exactly as the client encoded it (nephele's base URL). */
  prefix: string;
  /** The decoded segments below the medium's folder ([] for its root). */
  segments: string[];
  /** The part after the prefix, still encoded, starting with '/' ('/' for the root). */
  rest: string;
}

function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, MESSAGES.files.badPath);
  }
  // '..' and '.' leave or blur the folder; an encoded slash ('..%2f') or backslash hides a
  // segment inside a segment; NUL ends strings in the file system.
  if (
    decoded === '..' ||
    decoded === '.' ||
    decoded.includes('/') ||
    decoded.includes('\\') ||
    decoded.includes('\0')
  ) {
    throw new HttpError(400, MESSAGES.files.badPath);
  }
  return decoded;
}

/**
 * Splits the path of a /dav URL ('/dav/FWU-P1/Ordner/Datei%20eins.pdf', without the query)
 * into the medium's identifier and the decoded segments below its folder. Refuses with 400 any
 * segment that could leave the folder, however it is encoded, or is longer than a file name
 * can be; 404 for '/dav' itself.
 */
export function parseDavPath(pathname: string): DavPath {
  if (pathname !== DAV_ROOT && !pathname.startsWith(`${DAV_ROOT}/`)) {
    throw new HttpError(404, MESSAGES.notFound);
  }
  const [rawIdentifier = '', ...rawSegments] = pathname.slice(DAV_ROOT.length + 1).split('/');
  if (rawIdentifier === '') {
    throw new HttpError(404, MESSAGES.mediumNotFound);
  }
  const identifier = decodeSegment(rawIdentifier);
  const kept = rawSegments.filter((segment) => segment !== '');
  const segments = kept.map(decodeSegment);
  if (segments.some(isFileNameTooLong)) {
    // No file can have such a name: refused before the file system answers ENAMETOOLONG.
    throw new HttpError(400, MESSAGES.files.nameTooLong(MAX_FILE_NAME_BYTES));
  }
  const trailingSlash = rawSegments.length > 0 && rawSegments.at(-1) === '';
  const rest = kept.length === 0 ? '/' : `/${kept.join('/')}${trailingSlash ? '/' : ''}`;
  return { identifier, prefix: `${DAV_ROOT}/${rawIdentifier}`, segments, rest };
}

/** The path of a request URL ('/dav/x/y?z' → '/dav/x/y'). */
export function pathOfUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The target of a MOVE or COPY: its Destination header (absolute URL or path) must name a path
 * of the same medium; answers its parsed path. 400 when missing, malformed or elsewhere.
 */
export function parseDestination(header: string | undefined, source: DavPath): DavPath {
  if (header === undefined || header === '') {
    throw new HttpError(400, MESSAGES.badRequest);
  }
  // The path as sent: URL parsing would resolve '..' and '%2e%2e' before they could be refused.
  const match = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?(\/[^?#]*)?/i.exec(header);
  const pathname = match?.[1];
  if (pathname === undefined) {
    throw new HttpError(400, MESSAGES.files.badPath);
  }
  let destination: DavPath;
  try {
    destination = parseDavPath(pathname);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      throw new HttpError(400, MESSAGES.files.badPath);
    }
    throw error;
  }
  if (destination.identifier.toUpperCase() !== source.identifier.toUpperCase()) {
    throw new HttpError(400, MESSAGES.files.badPath);
  }
  return destination;
}
