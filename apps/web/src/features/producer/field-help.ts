import { useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * The short help of a medium's field, saying where it appears (producer.fields.help), or
 * undefined: the wizard shows it below the field, the grid as its header's hint. The function
 * stays the same between renders (the grid's column definitions depend on it).
 */
export function useFieldHelp(): (field: string) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      const help: Readonly<Record<string, string | undefined>> = t('producer.fields.help', {
        returnObjects: true,
      });
      return help[field];
    },
    [t],
  );
}
