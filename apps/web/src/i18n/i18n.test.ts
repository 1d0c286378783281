import { describe, expect, it } from 'vitest';
import { i18next } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

describe('the interface texts', () => {
  it('write counts with German thousands dots and choose the plural', () => {
    expect(i18next.t('search.count', { count: 1 })).toBe('1 Ergebnis');
    expect(i18next.t('search.count', { count: 12345 })).toBe('12.345 Ergebnisse');
  });

  it('are the same function in every component', () => {
    const { t } = useTranslation();
    expect(t('search.countApproximate', { count: 2000 })).toBe('etwa 2.000 Ergebnisse');
    expect(useTranslation().t).toBe(t);
  });
});
