import { describe, expect, it } from 'vitest';
import { popularFirst } from './catalogue.service.ts';

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

  it('counts the media a deep page needs, not only the candidates', () => {
    expect(popularFirst(240, media, 153_000, true)).toBe('walk');
    expect(popularFirst(2_400, media, 153_000, true)).toBe('index');
  });
});
