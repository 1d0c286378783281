import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { paths, type StaticPage } from '../../lib/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const PAGE_KEYS = {
  impressum: 'impressum',
  datenschutz: 'datenschutz',
  nutzungsbedingungen: 'nutzungsbedingungen',
  kontakt: 'kontakt',
  'ueber-uns': 'ueberUns',
} as const;

/** The footer's pages (imprint, privacy, terms, contact, about), with placeholder content. */
export function InfoPage({ page }: { page: StaticPage }) {
  const { t } = useTranslation();
  const key = PAGE_KEYS[page];
  usePageTitle(t(`pages.${key}.title`));
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t(`pages.${key}.title`)}
      </Typography>
      <Typography>{t(`pages.${key}.text`)}</Typography>
    </Box>
  );
}

/** A route whose screen comes with a later issue: says so instead of a blank page. */
export function PreparationPage({ name }: { name: string }) {
  const { t } = useTranslation();
  usePageTitle(t('preparation.title'));
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('preparation.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('preparation.text', { name })}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.marketplace}>
        {t('preparation.home')}
      </Button>
    </Box>
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  usePageTitle(t('forbidden.title'));
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('forbidden.title')}
      </Typography>
      <Typography>{t('forbidden.text')}</Typography>
    </Box>
  );
}
