import { createHash } from 'node:crypto';
import { MESSAGES } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { HttpError } from '../../http-error.ts';

/** At most `max` counted attempts per subject in a fixed window of `windowMinutes`. */
export interface Limit {
  /** Names the counters: limits of the same name share them. */
  name: string;
  max: number;
  windowMinutes: number;
}

/** An attempt under a limit by a subject (a client address, an e-mail address). */
export interface Hit {
  limit: Limit;
  subject: string;
}

/** A counter as read. */
interface Usage {
  key: string;
  count: number;
  seconds_left: number;
}

/** A counter as counted, with its window. */
interface Counter extends Usage {
  /** End of the window in whole seconds since 1970 (windows end on whole seconds). */
  end_epoch: number;
}

/** Ended windows are deleted at most this often per instance, by the next attempt. */
const CLEANUP_INTERVAL_MS = 5 * 60_000;

/** The row of a hit: addresses are stored as SHA-256 only, like everything personal here. */
export const counterKey = (hit: Hit) =>
  `${hit.limit.name}:${createHash('sha256').update(hit.subject).digest('hex')}`;

/**
 * Counts attempts in fixed windows in the database (table rate_limits), so every server
 * instance sees the same counters. Each count is one atomic upsert for all limits of an
 * attempt. Answers 429 with a German message and Retry-After when a limit is used up.
 */
export class RateLimiter {
  private lastCleanup = 0;

  constructor(private readonly db: Database) {}

  /** Counts an attempt under every limit; 429 once one of them is exceeded (still counted). */
  async count(hits: readonly Hit[]): Promise<void> {
    const counters = await this.increment(hits);
    throwIfExceeded(hits, counters, (counter, limit) => counter.count > limit.max);
  }

  /** 429 when one of the limits is used up; counts nothing. */
  async check(hits: readonly Hit[]): Promise<void> {
    const counters = await queryRows<Usage>(
      this.db,
      sql`SELECT key, count, ceil(extract(epoch FROM window_end - now()))::int AS seconds_left
          FROM rate_limits
          WHERE key IN ${hits.map(counterKey)} AND window_end > now()`,
    );
    throwIfExceeded(hits, counters, (counter, limit) => counter.count >= limit.max);
  }

  /**
   * A guess of a secret (a password) that counts only when it fails: takes a place under every
   * limit before `verify` runs (429 without verifying when one is used up) and gives the places
   * back when `verify` answers something, throws or was not run. Undefined means failed. As
   * the place is taken first, parallel guesses cannot pass a limit either.
   */
  async guess<T>(
    hits: readonly Hit[],
    verify: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const counters = await this.increment(hits);
    let result: T | undefined;
    try {
      throwIfExceeded(hits, counters, (counter, limit) => counter.count > limit.max);
      result = await verify();
    } catch (error) {
      await this.release(counters);
      throw error;
    }
    if (result !== undefined) {
      await this.release(counters);
    }
    return result;
  }

  private async increment(hits: readonly Hit[]): Promise<Counter[]> {
    await this.cleanUpNowAndThen();
    // Rows are locked in the order of their keys, so concurrent attempts cannot deadlock.
    const rows = hits
      .map((hit) => ({ key: counterKey(hit), minutes: hit.limit.windowMinutes }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const values = sql.join(
      rows.map((row) => sql`(${row.key}, ${row.minutes}::int)`),
      sql`, `,
    );
    return queryRows<Counter>(
      this.db,
      sql`INSERT INTO rate_limits AS r (key, window_start, window_end, count)
          SELECT hit.key, date_trunc('second', now()),
                 date_trunc('second', now()) + make_interval(mins => hit.minutes), 1
          FROM (VALUES ${values}) AS hit (key, minutes)
          ON CONFLICT (key) DO UPDATE SET
            window_start = CASE WHEN r.window_end <= now() THEN excluded.window_start ELSE r.window_start END,
            window_end = CASE WHEN r.window_end <= now() THEN excluded.window_end ELSE r.window_end END,
            count = CASE WHEN r.window_end <= now() THEN 1 ELSE r.count + 1 END
          RETURNING key, count, extract(epoch FROM window_end)::bigint AS end_epoch,
                    ceil(extract(epoch FROM window_end - now()))::int AS seconds_left`,
    );
  }

  /**
   * Gives places back, in the windows they were taken in (a new window keeps its count). One
   * row per statement: holding one row's lock while waiting for another's could deadlock.
   */
  private async release(counters: readonly Counter[]): Promise<void> {
    for (const counter of counters) {
      await this.db.execute(
        sql`UPDATE rate_limits SET count = count - 1
            WHERE key = ${counter.key} AND window_end = to_timestamp(${counter.end_epoch})
              AND count > 0`,
      );
    }
  }

  private async cleanUpNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_INTERVAL_MS) {
      return;
    }
    this.lastCleanup = now;
    // Rows an attempt holds are left for next time: the deletion never waits for a lock.
    await this.db.execute(
      sql`DELETE FROM rate_limits WHERE key IN (
            SELECT key FROM rate_limits WHERE window_end < now() FOR UPDATE SKIP LOCKED)`,
    );
  }
}

/** 429 with Retry-After (the longest wait of the limits that are used up), if any is. */
function throwIfExceeded(
  hits: readonly Hit[],
  counters: readonly Usage[],
  isExceeded: (counter: Usage, limit: Limit) => boolean,
): void {
  const limits = new Map(hits.map((hit) => [counterKey(hit), hit.limit]));
  const waits = counters.flatMap((counter) => {
    const limit = limits.get(counter.key);
    return limit && isExceeded(counter, limit) ? [Math.max(1, counter.seconds_left)] : [];
  });
  if (waits.length === 0) {
    return;
  }
  const seconds = Math.max(...waits);
  throw new HttpError(429, MESSAGES.tooManyRequests(Math.ceil(seconds / 60)), {
    'Retry-After': String(seconds),
  });
}
