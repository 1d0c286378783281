import { i18next } from './i18n.ts';

const translation = { t: i18next.getFixedT('de') };

/**
 * The texts of the interface. German is the only language and is loaded at start, so unlike
 * react-i18next's hook this needs no state, effect or subscription per component (with hundreds
 * of cards and chips on a page, those were a measurable share of taking a page over).
 */
export function useTranslation(): typeof translation {
  return translation;
}
