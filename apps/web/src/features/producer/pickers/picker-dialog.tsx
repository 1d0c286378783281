import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { sanitizeTitle } from '../../../lib/sanitize.ts';

/** What every picker dialog of the edit grid and the add-medium wizard takes. */
export interface PickerProps {
  open: boolean;
  medium: { fn_titel: string; fn_nr: string };
  /** The stored text of the field (producer spec 3.1). */
  value: string;
  /** Gets the joined stored text when the user saves. */
  onSave: (value: string) => void;
  onCancel: () => void;
}

interface PickerDialogProps<T> extends PickerProps {
  title: string;
  /** The working state of one opening, from the stored text. */
  parse: (value: string) => T;
  /** The stored text of the working state. */
  join: (working: T) => string;
  /** The editor; render a component here, the function itself must not call hooks. */
  children: (working: T, setWorking: Dispatch<SetStateAction<T>>) => ReactNode;
  maxWidth?: 'sm' | 'md';
}

/**
 * The shell of a picker dialog: title, the medium's title and number, the editor and the actions
 * Abbrechen and Speichern. Each opening starts from `value` again; Escape cancels.
 */
export function PickerDialog<T>({
  open,
  medium,
  value,
  onSave,
  onCancel,
  title,
  parse,
  join,
  children,
  maxWidth = 'sm',
}: PickerDialogProps<T>) {
  // Counts the openings: a new opening mounts a fresh session, whose state starts from `value`.
  const [opening, setOpening] = useState({ open, count: 0 });
  if (opening.open !== open) {
    setOpening({ open, count: open ? opening.count + 1 : opening.count });
  }
  const titleId = useId();
  const mediumId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      aria-describedby={mediumId}
    >
      <DialogTitle id={titleId} sx={{ pb: 0 }}>
        {title}
      </DialogTitle>
      <PickerMedium id={mediumId} medium={medium} />
      <PickerSession
        key={opening.count}
        value={value}
        parse={parse}
        join={join}
        onSave={onSave}
        onCancel={onCancel}
      >
        {children}
      </PickerSession>
    </Dialog>
  );
}

function PickerMedium({ id, medium }: { id: string; medium: PickerProps['medium'] }) {
  const { t } = useTranslation();
  return (
    <Box id={id} sx={{ px: 3, pb: 1 }}>
      <Typography
        variant="body2"
        component="span"
        dangerouslySetInnerHTML={{ __html: sanitizeTitle(medium.fn_titel) }}
      />
      <Typography variant="body2" component="span" color="text.secondary">
        {' · '}
        {t('producer.pickers.number', { nr: medium.fn_nr })}
      </Typography>
    </Box>
  );
}

function PickerSession<T>({
  value,
  parse,
  join,
  onSave,
  onCancel,
  children,
}: Pick<PickerDialogProps<T>, 'value' | 'parse' | 'join' | 'onSave' | 'onCancel' | 'children'>) {
  const { t } = useTranslation();
  const [working, setWorking] = useState(() => parse(value));
  return (
    <>
      <DialogContent dividers>{children(working, setWorking)}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('producer.pickers.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            onSave(join(working));
          }}
        >
          {t('producer.pickers.save')}
        </Button>
      </DialogActions>
    </>
  );
}

/** A chosen value as a chip; Delete or its remove icon ('<label> entfernen') removes it. */
export function RemovableChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Chip
      label={label}
      aria-label={label}
      aria-keyshortcuts="Delete Backspace"
      onDelete={onRemove}
      deleteIcon={<CancelIcon titleAccess={t('producer.pickers.remove', { name: label })} />}
    />
  );
}

/** A heading over a list of chosen values, and its empty state. */
export function SelectedPanel({
  heading,
  empty,
  isEmpty,
  action,
  children,
}: {
  heading: string;
  empty: string;
  isEmpty: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {heading}
        </Typography>
        {action}
      </Box>
      {isEmpty ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        children
      )}
    </Box>
  );
}

/** Chips in a wrapping row. */
export function ChipRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>;
}
