import { describe, expect, it } from 'vitest';
import { RangeMinimum } from './range-minimum.ts';

/** A seeded pseudo-random sequence (mulberry32), so a failure can be repeated. */
function randomValues(count: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % 1000;
  });
}

describe('RangeMinimum', () => {
  it('finds the position of the smallest value of any range, -1 for an empty one', () => {
    const values = [5, 3, 8, 1, 9, 2];
    const minimum = new RangeMinimum(values);
    expect(minimum.positionOfMinimum(0, 6)).toBe(3);
    expect(minimum.positionOfMinimum(0, 3)).toBe(1);
    expect(minimum.positionOfMinimum(4, 6)).toBe(5);
    expect(minimum.positionOfMinimum(2, 3)).toBe(2);
    expect(minimum.positionOfMinimum(3, 3)).toBe(-1);
    expect(new RangeMinimum([]).positionOfMinimum(0, 0)).toBe(-1);
  });

  it('lists a range smallest first, as sorting it would', () => {
    for (const [count, seed] of [
      [1, 1],
      [7, 2],
      [64, 3],
      [1000, 4],
    ] as const) {
      const values = randomValues(count, seed);
      const minimum = new RangeMinimum(values);
      const ranges: [number, number][] = [
        [0, count],
        [Math.floor(count / 3), Math.ceil((2 * count) / 3)],
      ];
      for (const [from, to] of ranges) {
        const listed = [...minimum.ascending(from, to)].map((at) => values[at]);
        const sorted = values.slice(from, to).sort((a, b) => a - b);
        expect(listed).toEqual(sorted);
      }
    }
  });

  it('finds the first few of a large range without visiting all of it', () => {
    const values = randomValues(200_000, 5);
    const minimum = new RangeMinimum(values);
    const first: number[] = [];
    for (const at of minimum.ascending(10, 190_000)) {
      first.push(values[at] ?? -1);
      if (first.length === 8) {
        break;
      }
    }
    expect(first).toEqual(
      values
        .slice(10, 190_000)
        .sort((a, b) => a - b)
        .slice(0, 8),
    );
  });
});
