import type { FacetValue } from '@medienkatalog/domain';
import type { useTranslation } from '../i18n/use-translation.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * A filter value with its count, 'Englisch (1.234)'. Counts scaled from a sample of the matches
 * (the distinct answer's `approximate`) are rounded to two significant digits and say so:
 * 'Englisch (etwa 1.200)'.
 */
export function facetCountLabel(
  t: Translate,
  value: Pick<FacetValue, 'text' | 'count'>,
  approximate: boolean,
): string {
  if (!approximate) {
    return t('search.filterCount', { text: value.text, count: value.count });
  }
  const count = Number(value.count.toPrecision(2));
  return t('search.filterCountApproximate', { text: value.text, count });
}
