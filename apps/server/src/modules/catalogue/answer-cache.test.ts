import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

/** A loader that counts its calls and answers after a tick, like a database query. */
function countingLoader(answer: { total: number }) {
  const loader = {
    calls: 0,
    load: async () => {
      loader.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer;
    },
  };
  return loader;
}

describe('AnswerCache', () => {
  it('answers a repeated key from memory while the version stays the same', async () => {
    let version = 1;
    const cache = new AnswerCache(async () => version, { entries: 10, versionCheckMs: 0 });
    const loader = countingLoader({ total: 3 });
    expect(await cache.get('q=Wald', loader.load)).toEqual({ total: 3 });
    expect(await cache.get('q=Wald', loader.load)).toEqual({ total: 3 });
    expect(loader.calls).toBe(1);
    version = 2;
    await cache.get('q=Wald', loader.load);
    expect(loader.calls).toBe(2);
  });

  it('lets concurrent requests for a missing answer share one load', async () => {
    const cache = new AnswerCache(async () => 1, { entries: 10, versionCheckMs: 0 });
    const loader = countingLoader({ total: 7 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', loader.load)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ total: 7 })));
    expect(loader.calls).toBe(1);
  });

  it('answers a load whose entry was evicted or cleared while it ran', async () => {
    let version = 1;
    const cache = new AnswerCache(async () => version, { entries: 1, versionCheckMs: 0 });
    const slow = countingLoader({ total: 1 });
    const pending = cache.get('q=langsam', slow.load);
    // A newer key pushes the pending one out of the only place.
    expect(await cache.get('q=schnell', countingLoader({ total: 2 }).load)).toEqual({ total: 2 });
    expect(await pending).toEqual({ total: 1 });
    // And the catalogue changes while a load runs: everything is cleared.
    const running = cache.get('q=wieder', countingLoader({ total: 3 }).load);
    version = 2;
    expect(await cache.get('q=anders', countingLoader({ total: 4 }).load)).toEqual({ total: 4 });
    expect(await running).toEqual({ total: 3 });
  });

  it('reads the version at most once per interval', async () => {
    let reads = 0;
    const cache = new AnswerCache(
      async () => {
        reads += 1;
        return reads;
      },
      { entries: 10, versionCheckMs: 60_000 },
    );
    const loader = countingLoader({ total: 1 });
    await cache.get('a', loader.load);
    await cache.get('a', loader.load);
    await cache.get('b', loader.load);
    expect(reads).toBe(1);
    expect(loader.calls).toBe(2);
  });

  it('keeps only the configured number of answers and loads every time when turned off', async () => {
    const small = new AnswerCache(async () => 1, { entries: 1, versionCheckMs: 0 });
    const loader = countingLoader({ total: 1 });
    await small.get('a', loader.load);
    await small.get('b', loader.load);
    await small.get('a', loader.load);
    expect(loader.calls).toBe(3);

    const off = new AnswerCache(async () => 1, { entries: 0, versionCheckMs: 0 });
    const direct = countingLoader({ total: 1 });
    await off.get('a', direct.load);
    await off.get('a', direct.load);
    expect(direct.calls).toBe(2);
  });
});
