import { zodResolver } from '@hookform/resolvers/zod';
import { codeOfInput, formatCode, normaliseCode } from '@medienkatalog/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/http.ts';
import { useRedeemCode, type Redeemed } from '../../api/redeem.ts';
import { useUserLicences } from '../../api/user-licences.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { safeReturnPath } from '../../lib/safe-return.ts';
import { submitting } from '../../lib/submitting.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { codeInputProblem } from './code-input.ts';
import { LicenceList } from './licence-list.tsx';

/** Longest input taken: a QR link with its code (the server takes up to 64 characters). */
const MAX_INPUT = 300;

const RedeemFormSchema = z.object({
  code: z
    .string()
    .max(MAX_INPUT)
    .check((context) => {
      const problem = codeInputProblem(context.value);
      if (problem) {
        context.issues.push({ code: 'custom', message: problem, input: context.value });
      }
    }),
});
type RedeemForm = z.infer<typeof RedeemFormSchema>;

/**
 * The code of a QR link (/redeem?code=…), grouped for reading: kept for the form and taken out
 * of the address at once, so the code stays neither in the URL nor in the history.
 */
function useLinkedCode(): string {
  const [params, setParams] = useSearchParams();
  const [code] = useState(() => {
    const linked = params.get('code');
    return linked === null ? '' : formatCode(normaliseCode(linked));
  });
  const inUrl = params.has('code');
  useEffect(() => {
    if (inUrl) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('code');
          return next;
        },
        { replace: true },
      );
    }
  }, [inUrl, setParams]);
  return code;
}

function RedeemCodeForm({ onRedeemed }: { onRedeemed: (result: Redeemed) => void }) {
  const { t } = useTranslation();
  const linkedCode = useLinkedCode();
  const redeem = useRedeemCode();
  const form = useForm<RedeemForm>({
    resolver: zodResolver(RedeemFormSchema),
    defaultValues: { code: linkedCode },
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      {linkedCode !== '' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('access.redeem.fromLink')}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
        aria-label={t('access.redeem.title')}
        onSubmit={submitting(
          form.handleSubmit(({ code }) => {
            redeem.mutate(formatCode(codeOfInput(code)), {
              onSuccess: (result) => {
                form.reset({ code: '' });
                onRedeemed(result);
              },
              onError: (error) => {
                // Every refusal (unknown, used, expired, too many tries) beside the field.
                form.setError(
                  'code',
                  { message: error instanceof ApiError ? error.message : String(error) },
                  { shouldFocus: true },
                );
              },
            });
          }),
        )}
      >
        <TextField
          {...fieldProps(form, 'code', t('access.redeem.hint'))}
          label={t('access.redeem.label')}
          autoComplete="off"
          autoFocus
          required
          fullWidth
          slotProps={{
            htmlInput: {
              maxLength: MAX_INPUT,
              spellCheck: false,
              autoCapitalize: 'characters',
              style: { fontFamily: 'ui-monospace, monospace', letterSpacing: '0.05em' },
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={redeem.isPending}
          sx={{ flexShrink: 0, mt: { sm: 0.5 } }}
        >
          {t('access.redeem.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}

function MyLicences() {
  const { t } = useTranslation();
  const licences = useUserLicences();
  return (
    <Box component="section" aria-labelledby="my-licences" sx={{ mt: 4 }}>
      <Typography id="my-licences" variant="h2" sx={{ mb: 0.5 }}>
        {t('access.licences.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('access.licences.intro')}
      </Typography>
      {licences.isPending && (
        <Box aria-busy aria-label={t('access.licences.loading')}>
          <Skeleton variant="rounded" height={96} sx={{ mb: 1.5 }} />
          <Skeleton variant="rounded" height={96} />
        </Box>
      )}
      {licences.isError && <Alert severity="error">{licences.error.message}</Alert>}
      {licences.data?.length === 0 && (
        <Typography role="status" color="text.secondary" sx={{ py: 2 }}>
          {t('access.licences.empty')}
        </Typography>
      )}
      {licences.data && licences.data.length > 0 && <LicenceList licences={licences.data} />}
    </Box>
  );
}

/** /redeem: redeem a code (typed or from a QR link's ?code=), then the user's own licences. */
export function RedeemPage() {
  const { t } = useTranslation();
  usePageTitle(t('access.redeem.title'));
  const [params] = useSearchParams();
  const returnTo = params.get('r');
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      {returnTo !== null && (
        <Button
          component={RouterLink}
          to={safeReturnPath(returnTo)}
          startIcon={<ArrowBackIcon />}
          sx={{ mb: 1 }}
        >
          {t('access.redeem.back')}
        </Button>
      )}
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('access.redeem.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('access.redeem.intro')}</Typography>
      <RedeemCodeForm onRedeemed={setRedeemed} />
      {redeemed && (
        <Box component="section" aria-labelledby="redeemed-heading" sx={{ mt: 3 }}>
          <Alert severity="success" sx={{ mb: 2 }}>
            {redeemed.message}
          </Alert>
          <Typography id="redeemed-heading" variant="h2" sx={{ mb: 1.5 }}>
            {t('access.redeem.granted', { count: redeemed.licences.length })}
          </Typography>
          <LicenceList licences={redeemed.licences} />
        </Box>
      )}
      <MyLicences />
    </Box>
  );
}
