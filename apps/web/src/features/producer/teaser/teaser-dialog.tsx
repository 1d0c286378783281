import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { TeaserEditor, type TeaserMedium } from './teaser-editor.tsx';

/** The teaser editor of one medium in a dialog (the grid's 'Bild' column). */
export function TeaserDialog({
  medium,
  onClose,
  onChanged,
}: {
  medium: TeaserMedium | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={medium !== null}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {medium && t('producer.teaser.titleOf', { title: medium.fn_titel })}
      </DialogTitle>
      <DialogContent>
        <TeaserEditor medium={medium} onChanged={onChanged} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('producer.teaser.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
