import type { Licence } from '@medienkatalog/domain';
import { i18next } from '../../i18n/i18n.ts';

const dayFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-05-01' as people read it: '01.05.2026'. */
export const formatDay = (isoDay: string) => dayFormat.format(new Date(`${isoDay}T00:00:00Z`));

/** The validity of a licence in words, as of `today` (YYYY-MM-DD). */
export function validityText(
  licence: Pick<Licence, 'valid_from' | 'valid_until' | 'revoked'>,
  today: string,
): string {
  const t = i18next.t.bind(i18next);
  if (licence.revoked) {
    return t('access.licences.revoked');
  }
  if (licence.valid_until !== null && licence.valid_until < today) {
    return t('access.licences.expired', { date: formatDay(licence.valid_until) });
  }
  const parts = [];
  if (licence.valid_from !== null && licence.valid_from > today) {
    parts.push(t('access.licences.validFrom', { date: formatDay(licence.valid_from) }));
  }
  parts.push(
    licence.valid_until === null
      ? t('access.licences.unlimited')
      : t('access.licences.validUntil', { date: formatDay(licence.valid_until) }),
  );
  return parts.join(', ');
}

/** Rights, and the uses left where they are counted. */
export function rightsText(licence: Pick<Licence, 'rights' | 'uses' | 'remaining'>): string {
  const rights = i18next.t(`access.licences.${licence.rights}`);
  return licence.uses === null
    ? rights
    : `${rights} · ${i18next.t('access.licences.uses', {
        remaining: licence.remaining ?? licence.uses,
        uses: licence.uses,
      })}`;
}

export const today = () => new Date().toISOString().slice(0, 10);
