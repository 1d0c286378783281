import { zodResolver } from '@hookform/resolvers/zod';
import {
  NewPasswordSchema,
  ProfileUpdateSchema,
  isTeacher,
  type ProfileUpdate,
  type UserInfo,
} from '@medienkatalog/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.ts';
import { z } from 'zod';
import { changePassword, useProfileUpdate, useUserInfo } from '../../api/user.ts';
import { i18next } from '../../i18n/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { fieldProps } from '../../lib/field-props.ts';
import { submitting } from '../../lib/submitting.ts';
import { PasswordField } from './password-field.tsx';

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const update = useProfileUpdate();
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(ProfileUpdateSchema) as Resolver<ProfileUpdate>,
    defaultValues: {
      vorname: user.vorname,
      name: user.name,
      schulname: user.schulname,
      show_jitsi: user.show_jitsi,
    },
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="profile-data"
      onSubmit={submitting(
        form.handleSubmit((profile) => {
          update.mutate(profile);
        }),
      )}
    >
      <Typography id="profile-data" variant="h2">
        {t('account.profile.data')}
      </Typography>
      {update.isSuccess && <Alert severity="success">{t('account.profile.saved')}</Alert>}
      {update.error && <Alert severity="error">{update.error.message}</Alert>}
      <TextField label={t('account.email')} value={user.email} disabled />
      <TextField
        label={t('account.profile.role')}
        value={[
          t(isTeacher(user) ? 'account.profile.roleTeacher' : 'account.profile.roleStudent'),
          user.klassenID ? t('account.profile.class', { klasse: user.klassenID }) : '',
        ]
          .filter(Boolean)
          .join(', ')}
        disabled
      />
      <TextField
        {...fieldProps(form, 'vorname')}
        label={t('account.vorname')}
        autoComplete="given-name"
      />
      <TextField
        {...fieldProps(form, 'name')}
        label={t('account.name')}
        autoComplete="family-name"
      />
      <TextField
        {...fieldProps(form, 'schulname')}
        label={t('account.schulname')}
        autoComplete="organization"
      />
      <Controller
        control={form.control}
        name="show_jitsi"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                }}
              />
            }
            label={t('account.profile.showJitsi')}
          />
        )}
      />
      <Box>
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('account.profile.save')}
        </Button>
      </Box>
    </Stack>
  );
}

const PasswordChangeFormSchema = z
  .object({
    current_password: z.string().min(1),
    new_password: NewPasswordSchema,
    repeat: z.string(),
  })
  .refine((values) => values.new_password === values.repeat, {
    path: ['repeat'],
    error: () => i18next.t('account.passwordsDiffer'),
  });
type PasswordChangeForm = z.infer<typeof PasswordChangeFormSchema>;

function PasswordForm() {
  const { t } = useTranslation();
  const change = useMutation({ mutationFn: changePassword });
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: { current_password: '', new_password: '', repeat: '' },
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby="profile-password"
      onSubmit={submitting(
        form.handleSubmit(({ current_password, new_password }) => {
          change.mutate(
            { current_password, new_password },
            {
              onSuccess: () => {
                form.reset();
              },
            },
          );
        }),
      )}
    >
      <Typography id="profile-password" variant="h2">
        {t('account.profile.passwordTitle')}
      </Typography>
      {change.isSuccess && <Alert severity="success">{t('account.profile.passwordSaved')}</Alert>}
      {change.error && <Alert severity="error">{change.error.message}</Alert>}
      <PasswordField
        {...fieldProps(form, 'current_password')}
        label={t('account.currentPassword')}
        autoComplete="current-password"
      />
      <PasswordField
        {...fieldProps(form, 'new_password', t('account.passwordHint'))}
        label={t('account.newPassword')}
        autoComplete="new-password"
      />
      <PasswordField
        {...fieldProps(form, 'repeat')}
        label={t('account.repeatPassword')}
        autoComplete="new-password"
      />
      <Box>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('account.profile.passwordSave')}
        </Button>
      </Box>
    </Stack>
  );
}

/** /profile: the signed-in user's data and password (behind the login guard). */
export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('account.profile.title'));
  const { data: user } = useUserInfo();
  if (!user) {
    return null;
  }
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('account.profile.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <ProfileForm user={user} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PasswordForm />
      </Paper>
    </Box>
  );
}
