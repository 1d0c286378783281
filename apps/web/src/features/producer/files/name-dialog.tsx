import { MAX_FILE_NAME_BYTES } from '@medienkatalog/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { nameError } from './file-manager-rules.ts';

export interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  /** The name the field starts with (rename: the current name). */
  initialName?: string;
  /** While the call runs: nothing can be changed or cancelled. */
  busy?: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/**
 * Asks for a folder or file name (create folder, rename): required ('Pflichtfeld'), none of
 * < > : " / \ | ? * ('Ungültige Zeichen im Dateinamen'); the button waits for a valid name.
 * Enter submits. The parent gives it a new `key` per opening, so the field starts fresh.
 */
export function NameDialog({
  open,
  title,
  label,
  submitLabel,
  initialName = '',
  busy = false,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const error = nameError(name);
  const shownError = error === 'required' && !touched ? null : error;
  const close = () => {
    if (!busy) {
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!error && !busy) {
            onSubmit(name.trim());
          }
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={label}
            value={name}
            disabled={busy}
            error={shownError !== null}
            helperText={
              shownError
                ? t(`producer.files.nameDialog.${shownError}`, { max: MAX_FILE_NAME_BYTES })
                : ' '
            }
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            onBlur={() => {
              setTouched(true);
            }}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('producer.files.nameDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={error !== null} loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
