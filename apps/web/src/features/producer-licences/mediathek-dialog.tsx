import { zodResolver } from '@hookform/resolvers/zod';
import {
  MediathekInputSchema,
  producerPool,
  type Mediathek,
  type MediathekInput,
} from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { z } from 'zod';
import { ApiError } from '../../api/http.ts';
import { useSaveMediathek } from '../../api/producer-mediatheken.ts';
import { useUserInfo } from '../../api/user.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';
import { MediaPicker } from './media-picker.tsx';
import { pathFromName } from './slug.ts';

/** Every field present in the form (the API's schema lets description and media out). */
const MediathekFormSchema = MediathekInputSchema.required();
type MediathekForm = z.input<typeof MediathekFormSchema>;

/** Media one Mediathek may hold (the server's limit). */
const MAX_MEDIATHEK_MEDIA = 10_000;
const MAX_NAME = 120;
const MAX_PATH = 200;
const MAX_DESCRIPTION = 2000;

const formOf = (mediathek: Mediathek | null): MediathekForm => ({
  name: mediathek?.name ?? '',
  path: mediathek?.path ?? '',
  description: mediathek?.description ?? '',
  identifiers: mediathek?.identifiers ?? [],
});

export interface MediathekDialogProps {
  open: boolean;
  /** The Mediathek to change; null makes a new one. */
  mediathek: Mediathek | null;
  onClose: () => void;
  /** After the server saved it; the parent closes the dialog. */
  onSaved: (mediathek: Mediathek) => void;
}

/**
 * Creates or changes a Mediathek: name, path (a new one's follows the name as a slug until the
 * user edits it), description and media. A taken path shows the server's 409 at the field.
 */
export function MediathekDialog({ open, mediathek, onClose, onSaved }: MediathekDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data: user } = useUserInfo();
  const pool = user ? producerPool(user) : '';
  const save = useSaveMediathek();
  const form = useForm<MediathekForm, unknown, MediathekInput>({
    resolver: zodResolver(MediathekFormSchema),
    defaultValues: formOf(mediathek),
  });
  const { reset } = form;
  const { reset: resetSave } = save;
  useEffect(() => {
    if (open) {
      reset(formOf(mediathek));
      resetSave();
    }
  }, [open, mediathek, reset, resetSave]);

  const close = () => {
    if (!save.isPending) {
      onClose();
    }
  };
  const onSubmit = submitting(
    form.handleSubmit((input) => {
      save.mutate(
        { ...(mediathek ? { id: mediathek.id } : {}), input },
        {
          onSuccess: (saved) => {
            onSaved(saved);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              form.setError('path', { message: error.message }, { shouldFocus: true });
            }
          },
        },
      );
    }),
  );
  const pathTaken = save.error instanceof ApiError && save.error.status === 409;
  const pathError = form.formState.errors.path?.message;

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>
          {mediathek
            ? t('licensing.mediatheken.dialog.editTitle', { name: mediathek.name })
            : t('licensing.mediatheken.dialog.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {save.error && !pathTaken && <Alert severity="error">{save.error.message}</Alert>}
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  onChange={(event) => {
                    // A new Mediathek's path follows its name while it is the name's slug.
                    const followed = ['', pathFromName(pool, field.value)];
                    field.onChange(event);
                    if (mediathek === null && followed.includes(form.getValues('path'))) {
                      form.setValue('path', pathFromName(pool, event.target.value));
                    }
                  }}
                  label={t('licensing.mediatheken.dialog.name')}
                  required
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: MAX_NAME } }}
                />
              )}
            />
            <TextField
              {...form.register('path')}
              label={t('licensing.mediatheken.dialog.path')}
              required
              error={pathError !== undefined}
              helperText={pathError ?? t('licensing.mediatheken.dialog.pathRule')}
              slotProps={{
                htmlInput: { maxLength: MAX_PATH, spellCheck: false, autoCapitalize: 'none' },
              }}
            />
            <TextField
              {...fieldProps(form, 'description')}
              label={t('licensing.mediatheken.dialog.description')}
              multiline
              minRows={2}
              maxRows={6}
              slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION } }}
            />
            <Controller
              control={form.control}
              name="identifiers"
              render={({ field, fieldState }) => (
                <MediaPicker
                  label={t('licensing.mediatheken.dialog.media')}
                  value={field.value}
                  onChange={field.onChange}
                  max={MAX_MEDIATHEK_MEDIA}
                  {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={save.isPending}>
            {t('licensing.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('licensing.mediatheken.dialog.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
