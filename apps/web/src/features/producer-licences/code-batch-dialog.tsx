import { zodResolver } from '@hookform/resolvers/zod';
import {
  CodeBatchRequestSchema,
  type CodeBatchRequest,
  type CreatedCodeBatch,
} from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { z } from 'zod';
import { useCreateCodeBatch } from '../../api/producer-codes.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';
import { emptyScope, emptyTerms, ScopeFormSchema, TermsFormSchema } from './licence-form.ts';
import { ScopeFields } from './scope-fields.tsx';
import { TermsFields } from './terms-fields.tsx';

const MAX_LABEL = 120;
const DEFAULT_COUNT = '10';

/** The batch form: label, what, terms and how many codes; checked as the server does. */
export const CodeBatchFormSchema = z.object({
  label: CodeBatchRequestSchema.shape.label.unwrap(),
  scope: ScopeFormSchema,
  terms: TermsFormSchema,
  count: z
    .string()
    // '' and other texts that are no number fail the count check with its German message.
    .transform((count) => (count.trim() === '' ? Number.NaN : Number(count)))
    .pipe(CodeBatchRequestSchema.shape.count),
});
type CodeBatchForm = z.input<typeof CodeBatchFormSchema>;

const emptyForm = (): CodeBatchForm => ({
  label: '',
  scope: emptyScope(),
  terms: emptyTerms(),
  count: DEFAULT_COUNT,
});

export interface CodeBatchDialogProps {
  open: boolean;
  onClose: () => void;
  /** The batch with its plain codes (shown once); the parent closes this dialog. */
  onCreated: (batch: CreatedCodeBatch) => void;
}

/** 'Codes erstellen': label, what, terms and the number of codes (1 to 1,000). */
export function CodeBatchDialog({ open, onClose, onCreated }: CodeBatchDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateCodeBatch();
  const form = useForm<CodeBatchForm, unknown, CodeBatchRequest>({
    resolver: zodResolver(CodeBatchFormSchema),
    defaultValues: emptyForm(),
  });
  const { reset } = form;
  const { reset: resetCreate } = create;
  useEffect(() => {
    if (open) {
      reset(emptyForm());
      resetCreate();
    }
  }, [open, reset, resetCreate]);

  const close = () => {
    if (!create.isPending) {
      onClose();
    }
  };
  const onSubmit = submitting(
    form.handleSubmit((request) => {
      create.mutate(request, {
        onSuccess: (batch) => {
          onCreated(batch);
        },
      });
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
          <DialogTitle id={titleId}>{t('licensing.codes.dialog.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={3} sx={{ pt: 1 }}>
              {create.error && <Alert severity="error">{create.error.message}</Alert>}
              <TextField
                {...fieldProps(form, 'label', t('licensing.codes.dialog.labelHint'))}
                label={t('licensing.codes.dialog.label')}
                slotProps={{ htmlInput: { maxLength: MAX_LABEL } }}
              />
              <Divider />
              <ScopeFields legend={t('licensing.codes.dialog.what')} />
              <Divider />
              <TermsFields />
              <TextField
                {...fieldProps(form, 'count', t('licensing.codes.dialog.countHint'))}
                type="number"
                label={t('licensing.codes.dialog.count')}
                required
                slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
                sx={{ maxWidth: 240 }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={create.isPending}>
              {t('licensing.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              {t('licensing.codes.dialog.submit')}
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
