import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Verified credentials are remembered this long, so Argon2 does not run per WebDAV request. */
const REMEMBER_MS = 60_000;

/**
 * Credentials verified a moment ago (HTTP Basic of WebDAV clients sends them with every
 * request). The key includes the stored password hash, so a new password (change or reset)
 * misses at once, on every server instance; only a SHA-256 of the three is kept.
 */
export class RecentCredentials {
  private readonly keys = new LRUCache<string, true>({ max: 1000, ttl: REMEMBER_MS });

  has(email: string, password: string, passwordHash: string): boolean {
    return this.keys.has(key(email, password, passwordHash));
  }

  add(email: string, password: string, passwordHash: string): void {
    this.keys.set(key(email, password, passwordHash), true);
  }
}

const key = (email: string, password: string, passwordHash: string) =>
  createHash('sha256')
    .update(JSON.stringify([email.toLowerCase(), password, passwordHash]))
    .digest('hex');
