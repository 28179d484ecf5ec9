import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth.ts';

// Changing a password on Settings and resetting a forgotten one. The pages validate with
// the *FormSchema (SPEC §5: "Passwords do not match." when the confirmation differs, no
// length rule in the browser); the server checks the new password with PasswordSchema.

export const passwordMessages = {
  currentRequired: 'Enter your current password.',
  currentWrong: 'Current password is incorrect.',
  passwordsMatch: 'Passwords do not match.',
  changed: 'Password changed. You were signed out everywhere else.',
  impersonating: 'The password cannot be changed while testing as a client.',
  forgotSent:
    'If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.',
  /** Said instead of forgotSent when the server has no SMTP: no e-mail will arrive. */
  forgotNoMail:
    'If an account exists for that address, a reset link was created, but this server does not send e-mail yet. Contact us and we will pass the link on.',
  resetLinkMailed: 'A reset link was e-mailed to the client. It works once, for one hour.',
  resetLinkNoMail:
    'E-mail is not set up on this server, so nothing was sent: copy the reset link and pass it on. It works once, for one hour.',
  resetDone: 'Your password has been reset. Sign in with your new password.',
  resetInvalid: 'This reset link is invalid, expired or already used. Request a new one.',
  /** A closed account cannot sign in again, so its password is not reset either. */
  accountClosed: 'This account is closed, so its password cannot be reset.',
} as const;

/** How long a reset link works. */
export const RESET_TTL_MINUTES = 60;

/** The page a reset e-mail links to, e.g. /reset-password/abc… */
export const resetPasswordPath = (token: string) => `/reset-password/${encodeURIComponent(token)}`;

const currentPassword = z
  .string({ error: passwordMessages.currentRequired })
  .min(1, passwordMessages.currentRequired)
  .max(200, passwordMessages.currentWrong);

/** Settings → Change password, in the browser. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword,
    newPassword: z.string().max(200),
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword !== '' && v.newPassword === v.confirmPassword, {
    message: passwordMessages.passwordsMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** PUT /api/settings/password (SPEC §7). */
export const ChangePasswordSchema = z.object({ currentPassword, newPassword: PasswordSchema });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** POST /api/auth/forgot-password. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

const resetToken = z
  .string({ error: passwordMessages.resetInvalid })
  .min(1, passwordMessages.resetInvalid)
  .max(200, passwordMessages.resetInvalid);

/** POST /api/auth/reset-password. */
export const ResetPasswordSchema = z.object({ token: resetToken, newPassword: PasswordSchema });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The reset page: the new password twice (the token comes from the link). */
export const ResetPasswordFormSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string().max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: passwordMessages.passwordsMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/** PUT /api/settings/password: other sessions end; this one goes on with a new token. */
export const PasswordChangedSchema = z.object({ message: z.string(), token: z.string() });
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

/** POST /api/admin/clients/{id}/reset-link. */
export const ResetLinkSentSchema = z.object({
  message: z.string(),
  emailed: z.boolean(),
  /** Only without SMTP: the link for the admin to pass on. */
  resetLink: z.string().nullable(),
});
export type ResetLinkSent = z.infer<typeof ResetLinkSentSchema>;
