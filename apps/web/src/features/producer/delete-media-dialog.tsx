import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useDeleteProducerMedia } from '../../api/producer-media.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { sanitizeTitle } from '../../lib/sanitize.ts';

/** Titles listed in the confirmation of a bulk delete (spec 9). */
const LISTED_TITLES = 3;

export interface DeleteMediaDialogProps {
  open: boolean;
  media: readonly { identifier: string; fn_titel: string }[];
  onClose: () => void;
  /** After the server deleted them, with the deleted count; the parent closes the dialog. */
  onDeleted: (count: number) => void;
}

/**
 * Asks before deleting one medium ('"{title}" löschen?') or several ('{n} Medien löschen?' with
 * the first three titles), then deletes them; a server error stays in the dialog.
 */
export function DeleteMediaDialog({ open, media, onClose, onDeleted }: DeleteMediaDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteProducerMedia();
  const { reset } = remove;
  useEffect(() => {
    if (open) {
      reset();
    }
  }, [open, reset]);

  const [single] = media;
  // Titles may hold simple markup (sub- and superscript): sanitised like everywhere else.
  const title =
    media.length === 1 && single
      ? t('producer.deleteMedia.titleOne', { title: sanitizeTitle(single.fn_titel) })
      : t('producer.deleteMedia.titleMany', { count: media.length });
  const rest = media.length - LISTED_TITLES;

  return (
    <ConfirmDialog
      open={open}
      title={<span dangerouslySetInnerHTML={{ __html: title }} />}
      confirmLabel={t('producer.deleteMedia.confirm')}
      destructive
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (media.length === 0) {
          return;
        }
        remove.mutate(
          media.map((medium) => medium.identifier),
          {
            onSuccess: ({ updated }) => {
              onDeleted(updated);
            },
          },
        );
      }}
    >
      {media.length > 1 && (
        <>
          <Box component="ul" sx={{ mt: 0, mb: 1, pl: 3 }}>
            {media.slice(0, LISTED_TITLES).map((medium) => (
              <Typography
                component="li"
                key={medium.identifier}
                dangerouslySetInnerHTML={{ __html: sanitizeTitle(medium.fn_titel) }}
              />
            ))}
          </Box>
          {rest > 0 && (
            <Typography sx={{ mb: 1 }}>
              {t('producer.deleteMedia.more', { count: rest })}
            </Typography>
          )}
        </>
      )}
      <DialogContentText>{t('producer.deleteMedia.warning')}</DialogContentText>
      {remove.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {remove.error.message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
