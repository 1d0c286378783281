import { describe, expect, it } from 'vitest';
import { floorForShare, shareAtLeast } from './popular-tier.ts';

describe('popular tier from the planner histogram', () => {
  // Eleven bounds: ten parts of equal size, 0-10 each up to 100.
  const bounds = Array.from({ length: 11 }, (_, i) => i * 10);

  it('puts the floor where about the share of the media lies above', () => {
    expect(floorForShare(bounds, 0.1)).toBe(90);
    expect(floorForShare(bounds, 0.3)).toBe(70);
    expect(shareAtLeast(bounds, 90)).toBeCloseTo(0.1);
    expect(shareAtLeast(bounds, 85)).toBeCloseTo(0.15);
    expect(shareAtLeast(bounds, 0)).toBeCloseTo(1);
    expect(shareAtLeast(bounds, 70)).toBeCloseTo(0.3);
  });

  it('has no floor without a histogram or when it would hold about every medium', () => {
    expect(floorForShare([], 0.1)).toBeUndefined();
    expect(floorForShare([5], 0.1)).toBeUndefined();
    expect(floorForShare(bounds, 1)).toBeUndefined();
    expect(floorForShare([3, 3, 3, 3], 0.5)).toBeUndefined();
  });

  it('says no media lie above a floor beyond the histogram, and none without one', () => {
    expect(shareAtLeast(bounds, 101)).toBe(0);
    expect(shareAtLeast([], 10)).toBe(0);
    expect(shareAtLeast(bounds, 0)).toBe(1);
  });
});
