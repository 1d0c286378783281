import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Rows of grey bars while a list loads, announced once. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('licensing.loading')}>
      {Array.from({ length: rows }, (_unused, index) => (
        <Skeleton key={index} variant="rounded" height={44} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A list that failed to load: the server's message and 'Erneut versuchen'. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('licensing.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** An empty list: a sentence and what to do. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box role="status" sx={{ py: 6, textAlign: 'center' }}>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      {children}
    </Box>
  );
}

/** Read by screen readers, not drawn (a column header of row actions). */
export { visuallyHidden } from '../../lib/visually-hidden.ts';
