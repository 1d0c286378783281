import { isIP } from 'node:net';

/**
 * Which proxies in front of the server Fastify believes (its `trustProxy`): none, all, the
 * proxies at these addresses, or the first hops counted from the server.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** The address ranges @fastify/proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) {
    return true;
  }
  const [address = '', mask, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) {
    return false;
  }
  if (mask === undefined) {
    return true;
  }
  if (/^\d{1,3}$/.test(mask)) {
    return Number(mask) <= (version === 4 ? 32 : 128);
  }
  // An IPv4 netmask (10.0.0.0/255.0.0.0).
  return version === 4 && isIP(mask) === 4;
}

/**
 * Reads TRUST_PROXY: `false`, `true`, a hop count or a comma-separated list of addresses and
 * CIDR ranges; answers undefined for anything else.
 *
 * Fastify 5.12 no longer honours a number (it then trusts nothing), so a hop count becomes the
 * function Express uses: the first `hops` addresses, counted from the server, are proxies.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '') {
    return false;
  }
  if (trimmed === 'true') {
    return true;
  }
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}
