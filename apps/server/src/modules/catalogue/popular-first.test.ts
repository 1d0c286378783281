import { describe, expect, it } from 'vitest';
import {
  browsingPays,
  newestBySorting,
  nextSlice,
  popularFirst,
  sliceHeld,
  sliceMatches,
} from './catalogue.service.ts';
import { floorForShare } from './popular-tier.ts';

describe('browsingPays', () => {
  const media = 1_000_000;

  it('reads the candidates of a slice only where it is at most eight times the matches', () => {
    // 'Naturschutz' (2,614 matches): a slice of 92,000 media; 'Sportwissenschaft' (8,016): 30,000.
    expect(browsingPays(240, media, 2_614, false)).toBe(false);
    expect(browsingPays(240, media, 8_016, false)).toBe(true);
    expect(browsingPays(240, media, 5_500, false)).toBe(true);
    expect(browsingPays(240, media, 5_400, false)).toBe(false);
  });

  it('counts only the part of the slice below a RUM tier, which it reads beside the popularity index', () => {
    // 'Kunst vor 1945' and 'Angewandte Kunst der Gegenwart' (3,484 matches): a slice of 69,000
    // media, all of it among the 90,870 of the tier (27.5 → 8.6 and 29.6 → 18.6 ms).
    expect(browsingPays(240, media, 3_484, false)).toBe(false);
    expect(browsingPays(240, media, 3_484, false, 90_870)).toBe(true);
    // 2,000 matches: a slice of 120,000 media, 29,000 of them below the tier.
    expect(browsingPays(240, media, 2_000, false, 90_870)).toBe(false);
  });

  it('reads them from the RUM index or a walk whatever the slice', () => {
    expect(browsingPays(240, media, 2_614, true)).toBe(true);
    // A walk for very broad matches (popularFirst): 1,569 media visited.
    expect(browsingPays(240, media, 153_000, false)).toBe(true);
  });
});

describe('popularFirst', () => {
  const media = 1_000_000;

  it('without the RUM index (or for more than one word) sorts a slice except for very broad words', () => {
    expect(popularFirst(240, media, 15_000, false)).toBe('sort');
    expect(popularFirst(240, media, 63_000, false)).toBe('sort');
    expect(popularFirst(240, media, 153_000, false)).toBe('walk');
  });

  it('with the RUM index reads it except for very broad words (measured at 1M)', () => {
    expect(popularFirst(240, media, 33_000, true)).toBe('index');
    expect(popularFirst(240, media, 63_000, true)).toBe('index');
    expect(popularFirst(240, media, 153_000, true)).toBe('walk');
  });

  it('with filters weighs the walk against the matches of the text alone, which the index reads', () => {
    // 'Energie' (642,000 media) for the audience BB* and kind media: 76,662 matches.
    expect(popularFirst(240, media, 76_662, true)).toBe('index');
    expect(popularFirst(240, media, 76_662, true, 642_000)).toBe('walk');
    expect(popularFirst(240, media, 76_662, true, 80_000)).toBe('index');
  });

  it('counts the media a deep page needs, not only the candidates', () => {
    expect(popularFirst(240, media, 153_000, true)).toBe('walk');
    expect(popularFirst(2_400, media, 153_000, true)).toBe('index');
  });
});

describe('nextSlice', () => {
  const media = 1_000_000;
  const exactLimit = 10_954;

  it('widens a slice that held too few by the share found, at least twice, 8 times after none', () => {
    // 150 of 240 in 50,000 media: about 3,000 in the catalogue, too many to rank them all. The
    // next slice should hold a quarter more than wanted and four standard deviations: 362.
    expect(nextSlice(50_000, { found: 150, wanted: 240 }, media, exactLimit)).toBeCloseTo(
      (50_000 * 361.97) / 150,
      -1,
    );
    expect(nextSlice(50_000, { found: 200, wanted: 240 }, media, exactLimit)).toBe(100_000);
    expect(nextSlice(2_000, { found: 0, wanted: 240 }, media, exactLimit)).toBe(16_000);
  });

  it('ranks every match when the slice shows the estimate far too high', () => {
    // 'zibam' at a million media: estimated at 10,697, 51 in the first slice (1,226 in all).
    expect(nextSlice(45_000, { found: 51, wanted: 240 }, media, exactLimit)).toBe('exact');
  });
});

describe('sliceHeld', () => {
  const media = 1_000_000;
  // A histogram of 100 parts, popularity 0 to 1,000 in steps of 10.
  const bounds = Array.from({ length: 101 }, (_, part) => part * 10);

  it('counts the media of the part the floor rounded down to', () => {
    // 1.2 % asked: the floor is the bound below the top two parts, which hold 2 %.
    const floor = floorForShare(bounds, 0.012) ?? 0;
    expect(floor).toBe(980);
    expect(sliceHeld(12_000, bounds, floor, media)).toBeCloseTo(20_000);
    expect(sliceHeld(20_000, bounds, floor, media)).toBeCloseTo(20_000);
  });

  it('is never less than was asked', () => {
    expect(sliceHeld(30_000, bounds, 980, media)).toBe(30_000);
    expect(sliceHeld(30_000, [], 980, media)).toBe(30_000);
  });
});

describe('sliceMatches', () => {
  it("wants twice the matches from a slice unless the estimate is the planner's for one word", () => {
    expect(sliceMatches(240, false)).toBe(480);
    // A quarter more and four standard deviations of a binomial count: 300 + 62.
    expect(sliceMatches(240, true)).toBeCloseTo(361.97, 1);
    // Deep pages want many: the margin shrinks to about a third (page 100: 2,400 wanted).
    expect(sliceMatches(2_400, true)).toBeCloseTo(3_195.96, 1);
    expect(sliceMatches(2_400, true)).toBeLessThan(sliceMatches(2_400, false));
  });
});

describe('newestBySorting', () => {
  it('sorts the matches where the newest-first index would be walked as far as they are many', () => {
    // At a million media the first page's 24 are sorted up to about 4,900 matches.
    expect(newestBySorting(2_965, 24, 1_000_000)).toBe(true);
    expect(newestBySorting(4_898, 24, 1_000_000)).toBe(true);
    expect(newestBySorting(4_900, 24, 1_000_000)).toBe(false);
    // Deeper pages walk further: page 100 sorts up to about 49,000.
    expect(newestBySorting(40_000, 2_400, 1_000_000)).toBe(true);
    expect(newestBySorting(400_000, 2_400, 1_000_000)).toBe(false);
  });
});
