import { z } from 'zod';
import { MESSAGES } from '../messages/index.ts';

/** Password rules after BSI and NIST SP 800-63B: length counts, no composition rules. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message });

export const EmailSchema = z
  .string({ error: MESSAGES.account.email })
  .trim()
  .max(254, { error: MESSAGES.account.email })
  .pipe(z.email({ error: MESSAGES.account.email }))
  .meta({ description: 'E-Mail-Adresse (Groß- und Kleinschreibung egal)' });

/** A new password: checked for length here; the server also refuses common passwords. */
export const NewPasswordSchema = z
  .string({ error: MESSAGES.account.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.account.passwordTooShort(PASSWORD_MIN_LENGTH) })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.account.passwordTooLong(PASSWORD_MAX_LENGTH) });

export const LoginSchema = z
  .object({
    email: EmailSchema,
    password: z
      .string({ error: MESSAGES.account.passwordMissing })
      .min(1, { error: MESSAGES.account.passwordMissing })
      .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.account.loginFailed }),
  })
  .meta({ id: 'Login' });
export type Login = z.infer<typeof LoginSchema>;

/** Teacher ('L') or student (''), as the user info's role. */
export const ACCOUNT_ROLES = ['L', ''] as const;

const ProfileFields = {
  vorname: text(100, MESSAGES.account.name).min(1, { error: MESSAGES.account.name }),
  name: text(100, MESSAGES.account.name).min(1, { error: MESSAGES.account.name }),
  schulname: text(200, MESSAGES.account.school).default(''),
};

export const RegistrationSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    role: z.enum(ACCOUNT_ROLES, { error: MESSAGES.account.role }),
    ...ProfileFields,
  })
  .meta({ id: 'Registration' });
export type Registration = z.infer<typeof RegistrationSchema>;

export const TokenSchema = z
  .string({ error: MESSAGES.account.tokenInvalid })
  .regex(/^[A-Za-z0-9_-]{32,128}$/, { error: MESSAGES.account.tokenInvalid });

export const ConfirmationSchema = z.object({ token: TokenSchema }).meta({ id: 'Confirmation' });

export const PasswordRequestSchema = z
  .object({ email: EmailSchema })
  .meta({ id: 'PasswordRequest' });

export const PasswordResetSchema = z
  .object({ token: TokenSchema, password: NewPasswordSchema })
  .meta({ id: 'PasswordReset' });

export const PasswordChangeSchema = z
  .object({
    current_password: z
      .string({ error: MESSAGES.account.passwordMissing })
      .min(1, { error: MESSAGES.account.passwordMissing })
      .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.account.currentPasswordWrong }),
    new_password: NewPasswordSchema,
  })
  .meta({ id: 'PasswordChange' });

export const ProfileUpdateSchema = z
  .object({
    ...ProfileFields,
    show_jitsi: z.boolean({ error: MESSAGES.badRequest }).default(false),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The signed-in user as the shell reads it (spec: user info). */
export const UserInfoSchema = z
  .object({
    email: z.string(),
    vorname: z.string(),
    name: z.string(),
    role: z.string().meta({ description: "'L' for a teacher" }),
    school_admin: z.string().meta({ description: "'1' or '2' for a school admin" }),
    district_admin: z.string().meta({ description: "'1' for a district admin" }),
    klassenID: z.string(),
    schulname: z.string(),
    show_jitsi: z.boolean(),
    type: z.string().meta({ description: "'MZ' for a media-centre user" }),
    context: z.string().meta({ description: "a path; 'admin/<pool>' marks a producer" }),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const FeaturesSchema = z.object({ media_editing: z.boolean() }).meta({ id: 'Features' });
export type Features = z.infer<typeof FeaturesSchema>;
