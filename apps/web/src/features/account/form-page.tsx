import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** The frame of the account screens: a centred card with a heading and an optional error. */
export function FormPage({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 520, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}
