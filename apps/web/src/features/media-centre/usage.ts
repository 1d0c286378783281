import type { UsageRow } from '@medienkatalog/domain';

/** The counts of a row or a sum of rows. */
export interface UsageCounts {
  views: number;
  plays: number;
  downloads: number;
}

export interface MonthUsage extends UsageCounts {
  /** 'YYYY-MM'. */
  month: string;
}

/** The longest range the history shows at once. */
export const MAX_MONTHS = 36;
/** How far back the month pickers reach. */
export const PICKABLE_MONTHS = 60;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM' of a moment in the browser's time zone, moved by `offset` months. */
export function monthOf(date: Date, offset = 0): string {
  const moved = new Date(date.getFullYear(), date.getMonth() + offset, 1);
  return `${String(moved.getFullYear())}-${pad(moved.getMonth() + 1)}`;
}

/** The default range: the last 12 months, this one included (as the server's default). */
export const lastTwelveMonths = (now: Date) => ({ from: monthOf(now, -11), to: monthOf(now) });

/** The months the pickers offer, newest first. */
export const pickableMonths = (now: Date) =>
  Array.from({ length: PICKABLE_MONTHS }, (_unused, index) => monthOf(now, -index));

/** Every month from `from` to `to` ('YYYY-MM', both included), oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const [fromYear = 0, fromMonth = 1] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 1] = to.split('-').map(Number);
  const count = (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_unused, index) => {
    const total = fromYear * 12 + (fromMonth - 1) + index;
    return `${String(Math.floor(total / 12))}-${pad((total % 12) + 1)}`;
  });
}

const monthFormats = {
  long: new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('de-DE', { month: 'short', year: '2-digit', timeZone: 'UTC' }),
};

/** '2026-03' as 'März 2026' (long) or 'März 26' (short). */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return monthFormats[style].format(new Date(Date.UTC(year, index - 1, 1)));
}

export function sumOf(rows: readonly UsageCounts[]): UsageCounts {
  return rows.reduce(
    (sum, row) => ({
      views: sum.views + row.views,
      plays: sum.plays + row.plays,
      downloads: sum.downloads + row.downloads,
    }),
    { views: 0, plays: 0, downloads: 0 },
  );
}

/** The sums per month of the range, months without use as zeros. */
export function usageByMonth(rows: readonly UsageRow[], from: string, to: string): MonthUsage[] {
  const byMonth = new Map<string, UsageRow[]>();
  for (const row of rows) {
    byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  }
  return monthsBetween(from, to).map((month) => ({ month, ...sumOf(byMonth.get(month) ?? []) }));
}

export type UsageColumn = 'month' | 'school' | 'title' | 'views' | 'plays' | 'downloads';
export interface UsageSort {
  column: UsageColumn;
  direction: 'asc' | 'desc';
}

/** Newest month first, as the server answers. */
export const DEFAULT_SORT: UsageSort = { column: 'month', direction: 'desc' };

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

function compareBy(column: UsageColumn, a: UsageRow, b: UsageRow): number {
  switch (column) {
    case 'month':
      return a.month.localeCompare(b.month);
    case 'school':
      return collator.compare(a.school, b.school);
    case 'title':
      return collator.compare(a.title, b.title) || collator.compare(a.identifier, b.identifier);
    case 'views':
    case 'plays':
    case 'downloads':
      return a[column] - b[column];
  }
}

/**
 * The rows sorted by one column; ties keep month (newest first), school and title order, so
 * the order is the same on every load.
 */
export function sortUsage(rows: readonly UsageRow[], sort: UsageSort): UsageRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * compareBy(sort.column, a, b) ||
      -compareBy('month', a, b) ||
      compareBy('school', a, b) ||
      compareBy('title', a, b),
  );
}
