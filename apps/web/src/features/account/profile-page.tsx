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
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePassword, useProfileUpdate, useUserInfo } from '../../api/user.ts';
import { i18next } from '../../i18n/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
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
  const { errors } = form.formState;
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
        {...form.register('vorname')}
        label={t('account.vorname')}
        autoComplete="given-name"
        error={errors.vorname !== undefined}
        helperText={errors.vorname?.message}
      />
      <TextField
        {...form.register('name')}
        label={t('account.name')}
        autoComplete="family-name"
        error={errors.name !== undefined}
        helperText={errors.name?.message}
      />
      <TextField
        {...form.register('schulname')}
        label={t('account.schulname')}
        autoComplete="organization"
        error={errors.schulname !== undefined}
        helperText={errors.schulname?.message}
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
  const { errors } = form.formState;
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
        {...form.register('current_password')}
        label={t('account.currentPassword')}
        autoComplete="current-password"
        error={errors.current_password !== undefined}
        helperText={errors.current_password?.message}
      />
      <PasswordField
        {...form.register('new_password')}
        label={t('account.newPassword')}
        autoComplete="new-password"
        error={errors.new_password !== undefined}
        helperText={errors.new_password?.message ?? t('account.passwordHint')}
      />
      <PasswordField
        {...form.register('repeat')}
        label={t('account.repeatPassword')}
        autoComplete="new-password"
        error={errors.repeat !== undefined}
        helperText={errors.repeat?.message}
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
