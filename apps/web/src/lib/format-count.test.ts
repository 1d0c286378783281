import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('groups thousands with dots, as Intl does for de-DE', () => {
    const intl = new Intl.NumberFormat('de-DE');
    for (const value of [0, 7, 999, 1000, 1234, 12345, 123456, 1234567, 1000000000, -4321]) {
      expect(formatCount(value)).toBe(intl.format(value));
    }
  });

  it('rounds what is not a whole number', () => {
    expect(formatCount(1234.6)).toBe('1.235');
    expect(formatCount(-0.2)).toBe('0');
  });
});
