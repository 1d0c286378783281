/** A small seeded pseudo-random generator (mulberry32): same seed, same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickOne<T>(values: readonly T[], random: () => number): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) {
    throw new Error('pickOne needs a non-empty list');
  }
  return value;
}

/** A skewed count in [0, max): most values small, a few large. */
export function skewed(max: number, random: () => number): number {
  return Math.floor(max * random() ** 3);
}
