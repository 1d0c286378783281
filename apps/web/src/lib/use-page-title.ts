import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

/** Where the server's render of a page records its title (it has no document to set it on). */
export const ServerPageTitle = createContext<((title: string) => void) | undefined>(undefined);

/** Sets the document title to '{title} – Medienkatalog'. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const full = title ? `${title} – ${t('app.title')}` : t('app.title');
  useContext(ServerPageTitle)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
