import type { ProducerMedium } from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';

/**
 * Leaving the wizard after the medium was created (step 5): keep the draft for later, delete
 * it, or go back to the wizard (also Escape). Keeping has the focus: it loses nothing.
 */
export function KeepDraftDialog({
  open,
  medium,
  onKeep,
  onDelete,
  onCancel,
}: {
  open: boolean;
  medium: ProducerMedium | null;
  onKeep: () => void;
  /** Deletes the draft; a rejection is shown in the dialog. */
  onDelete: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    if (!deleting) {
      setError(null);
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
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('producer.wizard.draftTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {t('producer.wizard.draft', {
            title: medium?.fn_titel ?? '',
            identifier: medium?.identifier ?? '',
          })}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('producer.wizard.deleteDraftError', { message: error })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={deleting}>
          {t('producer.wizard.keepEditing')}
        </Button>
        <Button
          color="error"
          loading={deleting}
          onClick={() => {
            setDeleting(true);
            setError(null);
            onDelete()
              .catch((deleteError: unknown) => {
                setError(deleteError instanceof Error ? deleteError.message : String(deleteError));
              })
              .finally(() => {
                setDeleting(false);
              });
          }}
        >
          {t('producer.wizard.deleteDraft')}
        </Button>
        <Button variant="contained" autoFocus disabled={deleting} onClick={onKeep}>
          {t('producer.wizard.keepDraft')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
