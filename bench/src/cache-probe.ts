/**
 * Loaded into the bench's server process (`node --import tsx --import cache-probe.ts`) when the
 * answer cache is on: counts the server's real cache hits without a change to the server. It
 * wraps AnswerCache.get: a request whose load function runs is a miss (it queried the
 * database), every other request was answered from the cache (or shared a load in flight).
 * On SIGUSR2 it writes `{ requests, misses }` since the last report to MK_BENCH_CACHE_PROBE and
 * starts counting afresh.
 */
import { writeFileSync } from 'node:fs';
import { AnswerCache } from '../../apps/server/src/modules/catalogue/answer-cache.ts';

export interface CacheProbeReport {
  requests: number;
  misses: number;
}

const target = process.env.MK_BENCH_CACHE_PROBE;
if (target) {
  const counts: CacheProbeReport = { requests: 0, misses: 0 };
  const prototype = AnswerCache.prototype as {
    get: (key: string, load: () => Promise<object>) => Promise<object>;
  };
  const original = prototype.get;
  prototype.get = function get(this: unknown, key, load) {
    counts.requests += 1;
    return original.call(this, key, () => {
      counts.misses += 1;
      return load();
    });
  };
  process.on('SIGUSR2', () => {
    writeFileSync(target, JSON.stringify(counts));
    counts.requests = 0;
    counts.misses = 0;
  });
}
