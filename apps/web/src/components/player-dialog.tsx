import { coverUrl, type MediaLink } from '@medienkatalog/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { MediaPlayer } from './media-player/index.ts';

/**
 * The player of a medium in a dialog. Loaded with the player (hls.js aside) when something is
 * first played, not with the cards.
 */
export function PlayerDialog({
  identifier,
  link,
  title,
  onClose,
}: {
  identifier: string;
  /** What to play; the dialog is closed without one. */
  link: MediaLink | null;
  /** Plain text title. */
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {link && (
          <MediaPlayer link={link} title={title} poster={coverUrl(identifier, '1024x576')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('playback.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
