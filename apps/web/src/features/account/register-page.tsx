import { zodResolver } from '@hookform/resolvers/zod';
import { RegistrationSchema, type Registration } from '@medienkatalog/domain';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link as RouterLink, useNavigate } from 'react-router';
import { register } from '../../api/user.ts';
import { paths } from '../../lib/paths.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';
import { FormPage } from './form-page.tsx';
import { PasswordField } from './password-field.tsx';

/** /register: creates an account; the confirmation link comes by mail. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useMutation({ mutationFn: register });
  const form = useForm<Registration>({
    // The schema's output equals its input here (defaults are filled in by the form).
    resolver: zodResolver(RegistrationSchema) as Resolver<Registration>,
    defaultValues: { email: '', password: '', vorname: '', name: '', schulname: '', role: 'L' },
  });
  const { errors } = form.formState;
  return (
    <FormPage title={t('account.register.title')} error={submit.error?.message}>
      <Typography sx={{ mb: 2 }}>{t('account.register.intro')}</Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submitting(
          form.handleSubmit((registration) => {
            submit.mutate(registration, {
              onSuccess: () => {
                void navigate(paths.registerSuccess);
              },
            });
          }),
        )}
      >
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <FormControl error={errors.role !== undefined}>
              <FormLabel id="role-label">{t('account.role')}</FormLabel>
              <RadioGroup row aria-labelledby="role-label" {...field}>
                <FormControlLabel value="L" control={<Radio />} label={t('account.roleTeacher')} />
                <FormControlLabel value="" control={<Radio />} label={t('account.roleStudent')} />
              </RadioGroup>
              {errors.role && <FormHelperText>{errors.role.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...fieldProps(form, 'vorname')}
            label={t('account.vorname')}
            autoComplete="given-name"
            required
            fullWidth
          />
          <TextField
            {...fieldProps(form, 'name')}
            label={t('account.name')}
            autoComplete="family-name"
            required
            fullWidth
          />
        </Stack>
        <TextField
          {...fieldProps(form, 'schulname')}
          label={t('account.schulname')}
          autoComplete="organization"
        />
        <TextField
          {...fieldProps(form, 'email')}
          label={t('account.email')}
          type="email"
          autoComplete="email"
          required
        />
        <PasswordField
          {...fieldProps(form, 'password', t('account.passwordHint'))}
          label={t('account.password')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
          {t('account.register.submit')}
        </Button>
        <Typography variant="body2">
          {t('account.register.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.login}>
            {t('account.toLogin')}
          </Link>
        </Typography>
      </Stack>
    </FormPage>
  );
}
