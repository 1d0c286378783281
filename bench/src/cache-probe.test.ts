import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { AnswerCache } from '../../apps/server/src/modules/catalogue/answer-cache.ts';
import type { CacheProbeReport } from './cache-probe.ts';

it('counts the answer cache requests and those that had to load, per report', async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mk-probe-')), 'probe.json');
  process.env.MK_BENCH_CACHE_PROBE = file;
  await import('./cache-probe.ts');
  const report = (): CacheProbeReport => {
    process.emit('SIGUSR2');
    return JSON.parse(readFileSync(file, 'utf8')) as CacheProbeReport;
  };
  const cache = new AnswerCache(() => Promise.resolve(1), { entries: 2, versionCheckMs: 60_000 });
  let loads = 0;
  const load = () => {
    loads += 1;
    return Promise.resolve({ loads });
  };
  await cache.get('a', load);
  await cache.get('a', load);
  await Promise.all([cache.get('b', load), cache.get('b', load)]); // one load, shared
  expect(report()).toEqual({ requests: 4, misses: 2 });
  expect(loads).toBe(2);
  // Counting starts afresh after each report; the least recently used answer is dropped.
  await cache.get('c', load);
  await cache.get('a', load);
  expect(report()).toEqual({ requests: 2, misses: 2 });
});
