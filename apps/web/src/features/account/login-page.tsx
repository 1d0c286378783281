import { zodResolver } from '@hookform/resolvers/zod';
import { LoginSchema, type Login } from '@medienkatalog/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../api/user.ts';
import { paths } from '../../lib/paths.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';
import { FormPage } from './form-page.tsx';
import { PasswordField } from './password-field.tsx';
import { safeReturnPath } from '../../lib/safe-return.ts';

/** /login: after success the user returns to `r` (path and query), else the marketplace. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useForm<Login>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });
  return (
    <FormPage title={t('account.login.title')} error={login.error?.message}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submitting(
          form.handleSubmit((credentials) => {
            login.mutate(credentials, {
              onSuccess: () => {
                void navigate(safeReturnPath(params.get('r')), { replace: true });
              },
            });
          }),
        )}
      >
        <TextField
          {...fieldProps(form, 'email')}
          label={t('account.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
        />
        <PasswordField
          {...fieldProps(form, 'password')}
          label={t('account.password')}
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('account.login.submit')}
        </Button>
        <Link component={RouterLink} to={paths.passwordRequest}>
          {t('account.login.forgot')}
        </Link>
        <Typography variant="body2">
          {t('account.login.noAccount')}{' '}
          <Link component={RouterLink} to={paths.register}>
            {t('account.login.register')}
          </Link>
        </Typography>
      </Stack>
    </FormPage>
  );
}
