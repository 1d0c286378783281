import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink } from 'react-router';
import { confirmEmail } from '../../api/user.ts';
import { paths } from '../../lib/paths.ts';
import { FormPage } from './form-page.tsx';
import { useUrlToken } from './use-url-token.ts';

/** /register/success: 'check your mail', or, opened from the mail's link, the confirmation. */
export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const token = useUrlToken();
  const confirm = useMutation({ mutationFn: confirmEmail });
  const sent = useRef<string>(undefined);
  const { mutate } = confirm;
  useEffect(() => {
    if (token && sent.current !== token) {
      sent.current = token;
      mutate(token);
    }
  }, [token, mutate]);

  if (!token) {
    return (
      <FormPage title={t('account.registerSuccess.title')}>
        <Typography>{t('account.registerSuccess.text')}</Typography>
      </FormPage>
    );
  }
  return (
    <FormPage
      title={t(
        confirm.isSuccess
          ? 'account.registerSuccess.confirmedTitle'
          : 'account.registerSuccess.title',
      )}
      error={confirm.error?.message}
    >
      {confirm.isPending && (
        <Typography role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden /> {t('account.registerSuccess.confirming')}
        </Typography>
      )}
      {confirm.isSuccess && (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('account.registerSuccess.confirmed')}
          </Alert>
          <Button variant="contained" component={RouterLink} to={paths.login}>
            {t('account.toLogin')}
          </Button>
        </>
      )}
    </FormPage>
  );
}
