import { describe, expect, it } from 'vitest';
import { byUrgency, formatDay, localDay, validityOf } from './licence-validity.ts';

const TODAY = '2026-11-23';
const terms = (valid_from: string | null, valid_until: string | null) => ({
  valid_from,
  valid_until,
});

describe('validityOf', () => {
  it('counts the days left up to the last valid day, and warns from 30 days on', () => {
    expect(validityOf(terms(null, '2026-12-05'), TODAY)).toEqual({ state: 'expiring', days: 12 });
    expect(validityOf(terms(null, '2026-12-23'), TODAY)).toEqual({ state: 'expiring', days: 30 });
    expect(validityOf(terms(null, '2026-12-24'), TODAY)).toEqual({ state: 'valid' });
    expect(validityOf(terms(null, TODAY), TODAY)).toEqual({ state: 'expiring', days: 0 });
    // Across the end of the year.
    expect(validityOf(terms(null, '2027-01-02'), '2026-12-30')).toEqual({
      state: 'expiring',
      days: 3,
    });
  });

  it('tells expired, not yet valid and open-ended licences', () => {
    expect(validityOf(terms('2026-01-01', '2026-11-22'), TODAY)).toEqual({ state: 'expired' });
    expect(validityOf(terms('2026-12-01', '2027-12-01'), TODAY)).toEqual({
      state: 'pending',
      from: '2026-12-01',
    });
    expect(validityOf(terms(null, null), TODAY)).toEqual({ state: 'valid' });
  });
});

describe('byUrgency', () => {
  it('puts those running out first (soonest first), keeps the rest in order, expired last', () => {
    const items = [
      { name: 'a', ...terms(null, '2027-05-01') },
      { name: 'expired', ...terms(null, '2026-10-01') },
      { name: 'in 20 days', ...terms(null, '2026-12-13') },
      { name: 'b', ...terms(null, null) },
      { name: 'in 3 days', ...terms(null, '2026-11-26') },
    ];
    expect(byUrgency(items, TODAY, (item) => item).map((item) => item.name)).toEqual([
      'in 3 days',
      'in 20 days',
      'a',
      'b',
      'expired',
    ]);
  });
});

describe('dates', () => {
  it('formats days the German way and takes today in local time', () => {
    expect(formatDay('2026-03-07')).toBe('07.03.2026');
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
