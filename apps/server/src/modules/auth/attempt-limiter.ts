import { MESSAGES } from '@medienkatalog/domain';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../http-error.ts';

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Counts attempts per key (a client address, an e-mail address) in fixed windows, in this
 * process's memory; the least recently seen keys are forgotten first when it is full.
 */
export class AttemptLimiter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    capacity = 100_000,
  ) {
    this.windows = new LRUCache({ max: capacity });
  }

  /** Counts an attempt; throws 429 with a German message once the limit is exceeded. */
  hit(key: string): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.max) {
      const minutes = Math.max(1, Math.ceil((window.endsAt - now) / 60_000));
      throw new HttpError(429, MESSAGES.tooManyRequests(minutes));
    }
  }
}
