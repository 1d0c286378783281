import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to '{title} – Medienkatalog'. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} – ${t('app.title')}` : t('app.title');
  }, [title, t]);
}
