import { COVER_SIZES, type CoverSize } from '@medienkatalog/domain';

/** What a cover address names: /covers/{size}/{identifier}.jpg?nocache=1 */
export interface CoverAddress {
  size: CoverSize;
  /** Upper-cased, as stored. */
  identifier: string;
  nocache: boolean;
}

export const isCoverSize = (value: string): value is CoverSize =>
  (COVER_SIZES as readonly string[]).includes(value);

export function coverDimensions(size: CoverSize): { width: number; height: number } {
  const [width = 0, height = 0] = size.split('x').map(Number);
  return { width, height };
}

/** The characters of an identifier (pool, '-', number); anything else is no cover address. */
const COVER_PATH = /^\/covers\/(\d{1,4}x\d{1,4})\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})\.jpg$/;

/** Resolves relative addresses; never contacted, and no absolute address can have it. */
const RELATIVE_BASE = 'http://relative.invalid';

/** nocache=1 (or true) in a cover address or a cover request. */
export const wantsNocache = (value: string | null | undefined) => value === '1' || value === 'true';

/**
 * The cover an image-proxy address names, or undefined for every other address. Accepted are
 * a relative address /covers/{WxH}/{IDENTIFIER}.jpg (with an optional query) and the same path
 * under one of `ownOrigins` (the public origin and the request's own). Refused are other hosts
 * and schemes, user info, IP tricks (the WHATWG parser turns 2130706433 and 0x7f.1 into
 * 127.0.0.1, which then is simply another origin), other paths and sizes, encoded characters,
 * whitespace and backslashes. The proxy never fetches the address: it only picks the size and
 * identifier out of it and renders in-process, so no request can reach another machine.
 */
export function parseCoverAddress(
  address: string,
  ownOrigins: readonly string[],
): CoverAddress | undefined {
  // Control characters, spaces and backslashes: the URL parser drops or rewrites some of them.
  if (address.length > 2048 || hasUnsafeCharacter(address)) {
    return undefined;
  }
  const relative = address.startsWith('/') && !address.startsWith('//');
  if (!relative && !/^https?:\/\/[^/?#@]+(?:[/?#]|$)/i.test(address)) {
    // Not http(s), or user info in the authority (even an empty one: https://@our.host/).
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(address, RELATIVE_BASE);
  } catch {
    return undefined;
  }
  if (relative) {
    if (url.origin !== RELATIVE_BASE) {
      return undefined;
    }
  } else if (url.username !== '' || url.password !== '' || !ownOrigins.includes(url.origin)) {
    return undefined;
  }
  const match = COVER_PATH.exec(url.pathname);
  const [, size = '', identifier = ''] = match ?? [];
  if (!match || !isCoverSize(size)) {
    return undefined;
  }
  return {
    size,
    identifier: identifier.toUpperCase(),
    nocache: wantsNocache(url.searchParams.get('nocache')),
  };
}

function hasUnsafeCharacter(address: string): boolean {
  for (let index = 0; index < address.length; index += 1) {
    const code = address.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) {
      return true;
    }
  }
  return false;
}

/** The origin of an address (scheme, host, port as the URL parser writes it), if it has one. */
export function originOf(address: string): string | undefined {
  try {
    const { origin } = new URL(address);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
