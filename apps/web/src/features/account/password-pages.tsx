import { zodResolver } from '@hookform/resolvers/zod';
import { NewPasswordSchema, PasswordRequestSchema } from '@medienkatalog/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { requestPasswordReset, resetPassword, USER_INFO_KEY } from '../../api/user.ts';
import { i18next } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';
import { FormPage } from './form-page.tsx';
import { PasswordField } from './password-field.tsx';
import { useUrlToken } from './use-url-token.ts';

/** /login/password-request: asks for the reset mail. */
export function PasswordRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useMutation({ mutationFn: requestPasswordReset });
  const form = useForm<{ email: string }>({
    resolver: zodResolver(PasswordRequestSchema),
    defaultValues: { email: '' },
  });
  return (
    <FormPage title={t('account.passwordRequest.title')} error={request.error?.message}>
      <Typography sx={{ mb: 2 }}>{t('account.passwordRequest.intro')}</Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submitting(
          form.handleSubmit(({ email }) => {
            request.mutate(email, {
              onSuccess: () => {
                void navigate(paths.passwordResetConfirm);
              },
            });
          }),
        )}
      >
        <TextField
          {...fieldProps(form, 'email')}
          label={t('account.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <Button type="submit" variant="contained" size="large" loading={request.isPending}>
          {t('account.passwordRequest.submit')}
        </Button>
      </Stack>
    </FormPage>
  );
}

/** /login/password-reset/confirm: the mail is on its way (if the account exists). */
export function PasswordConfirmPage() {
  const { t } = useTranslation();
  return (
    <FormPage title={t('account.passwordConfirm.title')}>
      <Typography>{t('account.passwordConfirm.text')}</Typography>
    </FormPage>
  );
}

const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, repeat: z.string() })
  .refine((values) => values.password === values.repeat, {
    path: ['repeat'],
    error: () => i18next.t('account.passwordsDiffer'),
  });

/** /login/password-reset/new?token=…: sets the new password with the mailed token. */
export function PasswordNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useUrlToken();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: (password: string) => resetPassword(token ?? '', password),
    // Every session of the account has ended, this one too.
    onSuccess: () => {
      queryClient.setQueryData(USER_INFO_KEY, null);
    },
  });
  const form = useForm<{ password: string; repeat: string }>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', repeat: '' },
  });
  if (!token) {
    return (
      <FormPage
        title={t('account.passwordNew.title')}
        error={t('account.passwordNew.missingToken')}
      >
        <Button variant="contained" component={RouterLink} to={paths.passwordRequest}>
          {t('account.passwordNew.requestAgain')}
        </Button>
      </FormPage>
    );
  }
  return (
    <FormPage title={t('account.passwordNew.title')} error={reset.error?.message}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submitting(
          form.handleSubmit(({ password }) => {
            reset.mutate(password, {
              onSuccess: () => {
                void navigate(paths.passwordResetSuccess, { replace: true });
              },
            });
          }),
        )}
      >
        <PasswordField
          {...fieldProps(form, 'password', t('account.passwordHint'))}
          label={t('account.newPassword')}
          autoComplete="new-password"
          autoFocus
          required
        />
        <PasswordField
          {...fieldProps(form, 'repeat')}
          label={t('account.repeatPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
          {t('account.passwordNew.submit')}
        </Button>
      </Stack>
    </FormPage>
  );
}

/** /login/password-reset/success */
export function PasswordSuccessPage() {
  const { t } = useTranslation();
  return (
    <FormPage title={t('account.passwordSuccess.title')}>
      <Typography sx={{ mb: 2 }}>{t('account.passwordSuccess.text')}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.login}>
        {t('account.toLogin')}
      </Button>
    </FormPage>
  );
}
