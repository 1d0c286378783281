import type { UsageRow } from '@medienkatalog/domain';
import { describe, expect, it } from 'vitest';
import {
  formatMonth,
  lastTwelveMonths,
  monthsBetween,
  pickableMonths,
  sortUsage,
  usageByMonth,
} from './usage.ts';

const row = (fields: Partial<UsageRow>): UsageRow => ({
  month: '2026-10',
  school: 'Gesamtschule Am Stadtpark',
  school_number: '100234',
  identifier: 'LF-1',
  title: 'Der Wald',
  views: 0,
  plays: 0,
  downloads: 0,
  ...fields,
});

describe('months', () => {
  it('defaults to the last 12 months, this one included, across the turn of the year', () => {
    expect(lastTwelveMonths(new Date(2026, 1, 10))).toEqual({ from: '2025-03', to: '2026-02' });
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    const pickable = pickableMonths(new Date(2026, 10, 23));
    expect(pickable[0]).toBe('2026-11');
    expect(pickable).toHaveLength(60);
  });

  it('names months in German', () => {
    expect(formatMonth('2026-03')).toBe('März 2026');
    expect(formatMonth('2026-12', 'short')).toBe('Dez. 26');
  });
});

describe('usageByMonth', () => {
  it('sums the rows per month and fills months without use with zeros', () => {
    const rows = [
      row({ month: '2026-09', plays: 3, views: 4 }),
      row({ month: '2026-09', school: 'Grundschule Lindenweg', plays: 2, downloads: 1 }),
      row({ month: '2026-11', views: 7 }),
    ];
    expect(usageByMonth(rows, '2026-08', '2026-11')).toEqual([
      { month: '2026-08', views: 0, plays: 0, downloads: 0 },
      { month: '2026-09', views: 4, plays: 5, downloads: 1 },
      { month: '2026-10', views: 0, plays: 0, downloads: 0 },
      { month: '2026-11', views: 7, plays: 0, downloads: 0 },
    ]);
  });
});

describe('sortUsage', () => {
  const rows = [
    row({ month: '2026-09', school: 'Gymnasium am Markt', title: 'Bach', plays: 5 }),
    row({ month: '2026-10', school: 'Älteste Schule', title: 'Au', plays: 1 }),
    row({ month: '2026-10', school: 'Gesamtschule Am Stadtpark', title: 'Zebra', plays: 5 }),
  ];
  it('sorts by a count, ties by newest month, then school', () => {
    expect(
      sortUsage(rows, { column: 'plays', direction: 'desc' }).map((item) => item.title),
    ).toEqual(['Zebra', 'Bach', 'Au']);
  });

  it('sorts names the German way (Ä with A) in both directions', () => {
    expect(
      sortUsage(rows, { column: 'school', direction: 'asc' }).map((item) => item.school),
    ).toEqual(['Älteste Schule', 'Gesamtschule Am Stadtpark', 'Gymnasium am Markt']);
    expect(
      sortUsage(rows, { column: 'month', direction: 'asc' }).map((item) => item.month),
    ).toEqual(['2026-09', '2026-10', '2026-10']);
  });
});
