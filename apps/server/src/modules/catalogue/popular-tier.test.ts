import { describe, expect, it } from 'vitest';
import { floorForShare, shareAtLeast, tierHolds } from './popular-tier.ts';

describe('popular tier from the planner histogram', () => {
  // Eleven bounds: ten parts of equal size, 0-10 each up to 100.
  const bounds = Array.from({ length: 11 }, (_, i) => i * 10);

  it('puts the floor where about the share of the media lies above', () => {
    expect(floorForShare(bounds, 0.1)).toBe(90);
    expect(floorForShare(bounds, 0.3)).toBe(70);
    expect(shareAtLeast(bounds, 90)).toBeCloseTo(0.1);
    expect(shareAtLeast(bounds, 85)).toBeCloseTo(0.1);
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

describe('tierHolds', () => {
  it('asks a margin that shrinks as more are wanted: the count varies less, relatively', () => {
    // One page of 24: about three times as many expected.
    expect(tierHolds(75, 24)).toBe(true);
    expect(tierHolds(60, 24)).toBe(false);
    // The 1,000 of a facet sample: about 1.45 times.
    expect(tierHolds(1_450, 1_000)).toBe(true);
    expect(tierHolds(1_300, 1_000)).toBe(false);
    // A deep page's 4,560: about 1.3 times ('Sicherheit' at a million media, 6,850 expected).
    expect(tierHolds(6_850, 4_560)).toBe(true);
    expect(tierHolds(5_900, 4_560)).toBe(false);
  });
});
