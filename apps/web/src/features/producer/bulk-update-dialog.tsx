import { zodResolver } from '@hookform/resolvers/zod';
import {
  BulkUpdateFieldsSchema,
  MAX_PRODUCTION_YEAR,
  MEDIA_TYPE_OPTIONS,
  MEDIUM_STATUSES,
  MESSAGES,
  MIN_PRODUCTION_YEAR,
  type BulkUpdateFields,
} from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { z } from 'zod';
import { useBulkUpdateProducerMedia } from '../../api/producer-media.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';

/** Every field of the dialog is present in the form; '' keeps the current value. */
const BulkFormSchema = BulkUpdateFieldsSchema.required();
type BulkForm = z.infer<typeof BulkFormSchema>;

const EMPTY: BulkForm = {
  fn_status: '',
  fn_prodjahr: '',
  fn_sprache: '',
  fn_typ: '',
  fn_adressat: '',
  fn_geb: '',
  fn_produ: '',
  fn_autor: '',
};

/** The free-text fields after the type, in the dialog's order. */
const TEXT_FIELDS = ['fn_adressat', 'fn_geb', 'fn_produ', 'fn_autor'] as const;

/** The filled fields only, trimmed (spec 5: an empty field keeps the current value). */
function filledFields(values: BulkForm): BulkUpdateFields {
  return Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}

export interface BulkUpdateDialogProps {
  open: boolean;
  /** Identifiers of the selected media. */
  ids: readonly string[];
  onClose: () => void;
  /** After the server updated them, with its count; the parent closes the dialog. */
  onUpdated: (count: number) => void;
}

/**
 * 'Massenaktualisierung für {n} Medien' (spec 2.6): sets the filled fields on every selected
 * medium; empty fields keep their values. A server error stays in the dialog.
 */
export function BulkUpdateDialog({ open, ids, onClose, onUpdated }: BulkUpdateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useBulkUpdateProducerMedia();
  const form = useForm<BulkForm>({
    resolver: zodResolver(BulkFormSchema),
    defaultValues: EMPTY,
  });
  const { reset } = form;
  const { reset: resetUpdate } = update;
  useEffect(() => {
    if (open) {
      reset(EMPTY);
      resetUpdate();
    }
  }, [open, reset, resetUpdate]);

  const close = () => {
    if (!update.isPending) {
      onClose();
    }
  };
  const onSubmit = submitting(
    form.handleSubmit((values) => {
      form.clearErrors('root');
      const updates = filledFields(values);
      if (Object.keys(updates).length === 0) {
        form.setError('root.noFields', { message: MESSAGES.producer.noFields });
        return;
      }
      update.mutate(
        { ids, updates },
        {
          onSuccess: ({ updated }) => {
            onUpdated(updated);
          },
        },
      );
    }),
  );
  const noFields = form.formState.errors.root?.noFields?.message;

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* display: contents keeps the dialog's layout (the content scrolls, the buttons stay). */}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{t('producer.bulk.title', { count: ids.length })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('producer.bulk.hint')}</DialogContentText>
          <Stack spacing={2}>
            {noFields && <Alert severity="warning">{noFields}</Alert>}
            {update.error && <Alert severity="error">{update.error.message}</Alert>}
            <Controller
              control={form.control}
              name="fn_status"
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label={t('producer.bulk.fields.fn_status')}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">
                    <em>{t('producer.bulk.keep')}</em>
                  </MenuItem>
                  {MEDIUM_STATUSES.map((status) => (
                    <MenuItem key={status} value={status}>
                      {t(`producer.bulk.statusOptions.${status}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...fieldProps(form, 'fn_prodjahr')}
              type="number"
              label={t('producer.bulk.fields.fn_prodjahr')}
              slotProps={{
                htmlInput: { min: MIN_PRODUCTION_YEAR, max: MAX_PRODUCTION_YEAR, step: 1 },
              }}
            />
            <TextField
              {...fieldProps(form, 'fn_sprache', t('producer.bulk.languagesHint'))}
              label={t('producer.bulk.fields.fn_sprache')}
            />
            <Controller
              control={form.control}
              name="fn_typ"
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label={t('producer.bulk.fields.fn_typ')}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">
                    <em>{t('producer.bulk.keep')}</em>
                  </MenuItem>
                  {MEDIA_TYPE_OPTIONS.map((option) => (
                    <MenuItem key={option.code} value={option.code}>
                      {t('producer.bulk.typeOption', { label: option.label, code: option.code })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {TEXT_FIELDS.map((name) => (
              <TextField
                key={name}
                {...fieldProps(form, name)}
                label={t(`producer.bulk.fields.${name}`)}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={update.isPending}>
            {t('producer.bulk.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('producer.bulk.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
