import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a content token allows:
 * - play: any file of the medium, shown inline. Not bound to one path, so a web page played
 *   from the medium (an index.html) can load its own scripts, styles and images by relative
 *   addresses, which keep the token.
 * - file: the one file at the signed path, as a download.
 * - zip: the medium's built ZIP, as a download (the path is its file name).
 * - frame: the embeddable player page for the file at the signed path.
 */
export type ContentPurpose = 'play' | 'file' | 'zip' | 'frame';

const PURPOSES: ReadonlySet<string> = new Set<ContentPurpose>(['play', 'file', 'zip', 'frame']);

/** Links live 6 hours: long enough to watch a film, short enough that shared ones die. */
export const CONTENT_LINK_SECONDS = 6 * 60 * 60;

export interface ContentGrant {
  /** The medium's database id (so a token never carries over to a later medium that takes
   * the same identifier) and its identifier (which appears in the address). */
  mediumId: number;
  identifier: string;
  /** The licence that granted it (checked again on every request: a revoked or expired
   * licence ends its addresses at once); null for own and open media. */
  licence: number | null;
  purpose: ContentPurpose;
  /** Relative path inside the folder ('' for play, which covers the whole folder). */
  path: string;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

function signature(secret: string, grant: ContentGrant): string {
  const scope = grant.purpose === 'play' ? '' : grant.path;
  return createHmac('sha256', secret)
    .update(
      [
        grant.mediumId,
        grant.identifier.toUpperCase(),
        grant.licence ?? 0,
        grant.purpose,
        scope,
        grant.expires,
      ].join('\n'),
    )
    .digest('base64url');
}

/** The token of a grant: '{purpose}.{expires}.{licence or 0}.{HMAC-SHA256, base64url}'. */
export function signToken(secret: string, grant: ContentGrant): string {
  return `${grant.purpose}.${String(grant.expires)}.${String(grant.licence ?? 0)}.${signature(secret, grant)}`;
}

/** '/content/{IDENTIFIER}/{token}/{path}' with each path segment percent-encoded. */
export function contentUrl(secret: string, grant: ContentGrant): string {
  const encodedPath = grant.path.split('/').map(encodeURIComponent).join('/');
  return `/content/${encodeURIComponent(grant.identifier)}/${signToken(secret, grant)}/${encodedPath}`;
}

/**
 * The purpose and expiry of a token that is valid for the medium and path at `now` (seconds),
 * compared in constant time; undefined for a forged, altered or expired one.
 */
export function verifyToken(
  secret: string,
  token: string,
  medium: { mediumId: number; identifier: string; path: string },
  now: number,
): { purpose: ContentPurpose; expires: number; licence: number | null } | undefined {
  const [purpose = '', expiresText = '', licenceText = '', given = '', ...rest] = token.split('.');
  if (
    rest.length > 0 ||
    !PURPOSES.has(purpose) ||
    !/^\d{1,12}$/.test(expiresText) ||
    !/^\d{1,15}$/.test(licenceText)
  ) {
    return undefined;
  }
  const licence = Number(licenceText) === 0 ? null : Number(licenceText);
  const grant: ContentGrant = {
    ...medium,
    licence,
    purpose: purpose as ContentPurpose,
    expires: Number(expiresText),
  };
  const expected = Buffer.from(signature(secret, grant));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return undefined;
  }
  return grant.expires > now
    ? { purpose: grant.purpose, expires: grant.expires, licence }
    : undefined;
}
