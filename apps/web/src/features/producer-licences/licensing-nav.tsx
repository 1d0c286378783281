import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';

const PAGES = [
  { to: paths.producer.shares, key: 'licensing.nav.shares' },
  { to: paths.producer.mediatheken, key: 'licensing.nav.mediatheken' },
  { to: paths.producer.codes, key: 'licensing.nav.codes' },
] as const;

/** Between the producer's licence pages: Freigaben, Mediatheken, Codes (the current one marked). */
export function LicensingNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack
      component="nav"
      aria-label={t('licensing.nav.label')}
      direction="row"
      sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}
    >
      {PAGES.map((page) => {
        const current = pathname.replace(/\/$/, '') === page.to;
        return (
          <Button
            key={page.to}
            component={RouterLink}
            to={page.to}
            variant={current ? 'contained' : 'outlined'}
            size="small"
            {...(current ? { 'aria-current': 'page' as const } : {})}
          >
            {t(page.key)}
          </Button>
        );
      })}
    </Stack>
  );
}
