import type { Licence, LicenceRights } from '@medienkatalog/domain';
import type { TFunction } from 'i18next';

const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const GERMAN_DAY = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const GERMAN_TIME = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** Today as 'YYYY-MM-DD' in German time: licences run from and until whole days there. */
export const berlinToday = (now = new Date()) => BERLIN_DAY.format(now);

/** '2026-11-23' as '23.11.2026'. */
export const formatDay = (isoDay: string) => GERMAN_DAY.format(new Date(`${isoDay}T00:00:00Z`));

/** A moment (ISO) as '23.11.2026, 14:05'. */
export const formatMoment = (iso: string) => GERMAN_TIME.format(new Date(iso));

/** 'unbefristet', 'ab 01.02.2026', 'bis 31.07.2026' or '01.02.2026 – 31.07.2026'. */
export function validityText(
  t: TFunction,
  { valid_from, valid_until }: { valid_from: string | null; valid_until: string | null },
): string {
  if (valid_from !== null && valid_until !== null) {
    return t('licensing.validity.range', {
      from: formatDay(valid_from),
      until: formatDay(valid_until),
    });
  }
  if (valid_from !== null) {
    return t('licensing.validity.from', { from: formatDay(valid_from) });
  }
  if (valid_until !== null) {
    return t('licensing.validity.until', { until: formatDay(valid_until) });
  }
  return t('licensing.validity.open');
}

export const rightsText = (t: TFunction, rights: LicenceRights) => t(`licensing.rights.${rights}`);

/** 'unbegrenzt' or '37 von 50 übrig'. */
export function usesText(
  t: TFunction,
  { uses, remaining }: { uses: number | null; remaining: number | null },
): string {
  return uses === null
    ? t('licensing.uses.unlimited')
    : t('licensing.uses.remaining', { remaining: remaining ?? uses, uses });
}

export type ShareState = 'active' | 'pending' | 'expired' | 'revoked';

/** Withdrawn, run out, not yet begun or in force, as of `today` ('YYYY-MM-DD'). */
export function shareState(
  licence: Pick<Licence, 'revoked' | 'valid_from' | 'valid_until'>,
  today: string,
): ShareState {
  if (licence.revoked) {
    return 'revoked';
  }
  if (licence.valid_until !== null && licence.valid_until < today) {
    return 'expired';
  }
  if (licence.valid_from !== null && licence.valid_from > today) {
    return 'pending';
  }
  return 'active';
}
