import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The page's heading and its introduction. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        {intro}
      </Typography>
    </>
  );
}

/** Placeholder cards while the licences load. */
export function LicenceSkeletons() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('app.loading')}>
      {[0, 1, 2].map((index) => (
        <Box key={index} aria-hidden sx={{ mb: 2 }}>
          <Skeleton variant="rounded" height={148} />
        </Box>
      ))}
    </Box>
  );
}

/** The server's message with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('mediaCentre.retry')}
        </Button>
      }
    >
      {t('mediaCentre.loadError', { message })}
    </Alert>
  );
}

/** The text filter of a licence list. */
export function LicenceSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A list of cards without bullets. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
    >
      {children}
    </Box>
  );
}

export interface Notice {
  key: number;
  severity: 'success' | 'error';
  text: string;
}

/** Confirms what was done (or tells what failed) for a few seconds. */
export function NoticeSnackbar({
  notice,
  onClose,
}: {
  notice: Notice | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={notice?.key}
      open={notice !== null}
      autoHideDuration={notice?.severity === 'error' ? null : 5000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') {
          onClose();
        }
      }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose}>
          {notice.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
