import type { Licence } from '@medienkatalog/domain';

/** Licences ending within this many days are highlighted. */
export const EXPIRY_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;

/** Where a licence stands today: its days are inclusive (valid_until is its last day). */
export type Validity =
  | { state: 'expired' }
  | { state: 'pending'; from: string }
  | { state: 'expiring'; days: number }
  | { state: 'valid' };

/** 'YYYY-MM-DD' of a moment in the browser's time zone. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole days from one 'YYYY-MM-DD' to another (both read as UTC midnight: exact). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

export function validityOf(
  licence: Pick<Licence, 'valid_from' | 'valid_until'>,
  today: string,
): Validity {
  if (licence.valid_until !== null && licence.valid_until < today) {
    return { state: 'expired' };
  }
  if (licence.valid_from !== null && licence.valid_from > today) {
    return { state: 'pending', from: licence.valid_from };
  }
  if (licence.valid_until !== null) {
    const days = daysBetween(today, licence.valid_until);
    if (days <= EXPIRY_WARNING_DAYS) {
      return { state: 'expiring', days };
    }
  }
  return { state: 'valid' };
}

/** '2026-03-07' as '07.03.2026'. */
export function formatDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}.${month}.${year}`;
}

/**
 * The most urgent first: licences running out soon (the soonest first), then the others in
 * the order given, expired ones last.
 */
export function byUrgency<Item>(
  items: readonly Item[],
  today: string,
  termsOf: (item: Item) => Pick<Licence, 'valid_from' | 'valid_until'>,
): Item[] {
  const ranked = items.map((item, index) => {
    const validity = validityOf(termsOf(item), today);
    const rank = validity.state === 'expiring' ? 0 : validity.state === 'expired' ? 2 : 1;
    return { item, index, rank, days: validity.state === 'expiring' ? validity.days : 0 };
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.days - b.days || a.index - b.index)
    .map(({ item }) => item);
}
