import { zodResolver } from '@hookform/resolvers/zod';
import { OrganisationSchema, ShareRequestSchema, type ShareRequest } from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { z } from 'zod';
import { useCreateShares } from '../../api/producer-shares.ts';
import { submitting } from '../../lib/submitting.ts';
import { emptyScope, emptyTerms, ScopeFormSchema, TermsFormSchema } from './licence-form.ts';
import { OrganisationPicker } from './organisation-picker.tsx';
import { ScopeFields } from './scope-fields.tsx';
import { TermsFields } from './terms-fields.tsx';

/** The share form: the chosen organisations, what and the terms; checked as the server does. */
export const ShareFormSchema = z
  .object({
    organisations: z
      .array(OrganisationSchema)
      .transform((organisations) => organisations.map((organisation) => organisation.id))
      .pipe(ShareRequestSchema.shape.organisation_ids),
    scope: ScopeFormSchema,
    terms: TermsFormSchema,
  })
  .transform(({ organisations, scope, terms }): ShareRequest => ({
    organisation_ids: organisations,
    scope,
    terms,
  }));
type ShareForm = z.input<typeof ShareFormSchema>;

const emptyForm = (): ShareForm => ({
  organisations: [],
  scope: emptyScope(),
  terms: emptyTerms(),
});

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the server granted them, with the number of licences made; the parent closes. */
  onShared: (count: number) => void;
}

/**
 * 'Neue Freigabe': organisations (searched by name or school number), what (all media, chosen
 * media or a Mediathek) and the terms; German messages at the fields, the server's in the dialog.
 */
export function ShareDialog({ open, onClose, onShared }: ShareDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const share = useCreateShares();
  const form = useForm<ShareForm, unknown, ShareRequest>({
    resolver: zodResolver(ShareFormSchema),
    defaultValues: emptyForm(),
  });
  const { reset } = form;
  const { reset: resetShare } = share;
  useEffect(() => {
    if (open) {
      reset(emptyForm());
      resetShare();
    }
  }, [open, reset, resetShare]);

  const close = () => {
    if (!share.isPending) {
      onClose();
    }
  };
  const onSubmit = submitting(
    form.handleSubmit((request) => {
      share.mutate(request, {
        onSuccess: (licences) => {
          onShared(licences.length);
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
          <DialogTitle id={titleId}>{t('licensing.shares.dialog.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={3} sx={{ pt: 1 }}>
              {share.error && <Alert severity="error">{share.error.message}</Alert>}
              <Controller
                control={form.control}
                name="organisations"
                render={({ field, fieldState }) => (
                  <OrganisationPicker
                    value={field.value}
                    onChange={field.onChange}
                    {...(fieldState.error?.message ? { error: fieldState.error.message } : {})}
                  />
                )}
              />
              <Divider />
              <ScopeFields legend={t('licensing.shares.dialog.what')} />
              <Divider />
              <TermsFields />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={share.isPending}>
              {t('licensing.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={share.isPending}>
              {t('licensing.shares.dialog.submit')}
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
