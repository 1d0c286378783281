import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function NotFoundPage({ text }: { text?: string }) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{text ?? t('notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.marketplace}>
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
