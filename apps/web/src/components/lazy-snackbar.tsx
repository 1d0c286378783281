import type { SnackbarProps } from '@mui/material/Snackbar';
import { lazy } from 'react';
import { onDemand } from './on-demand.tsx';

/** MUI's Snackbar, loaded when it first opens (messages appear only after an action). */
export const Snackbar = onDemand<SnackbarProps & { open: boolean }>(
  () => import('@mui/material/Snackbar'),
);

/** MUI's Alert for inside such a Snackbar: it loads along with it. */
export const Alert = lazy(() => import('@mui/material/Alert'));
