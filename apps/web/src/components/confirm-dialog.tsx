import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** A short text; with `children` below it, both describe the dialog. */
  message?: ReactNode;
  /** Further content below the message (lists, an error Alert). */
  children?: ReactNode;
  confirmLabel: string;
  /** 'Abbrechen' unless told. */
  cancelLabel?: string;
  /** A red confirm button, for actions that destroy something. */
  destructive?: boolean;
  /** While the action runs: the confirm button shows progress and nothing can be cancelled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action. The confirm button has the focus, so Enter confirms; Escape, a click
 * beside the dialog and the cancel button cancel (not while `busy`).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const contentId = useId();
  const hasContent = message !== undefined || children !== undefined;
  const cancel = () => {
    if (!busy) {
      onCancel();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={cancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      {...(hasContent ? { 'aria-describedby': contentId } : {})}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {hasContent && (
        <DialogContent id={contentId}>
          {message !== undefined && <DialogContentText>{message}</DialogContentText>}
          {children}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={cancel} disabled={busy}>
          {cancelLabel ?? t('producer.confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          autoFocus
          loading={busy}
          onClick={() => {
            if (!busy) {
              onConfirm();
            }
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
