import type { ForgotPassword, ResetPasswordForm } from '#shared/password.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

// The forgot and reset password forms' shared schemas, loaded on demand like the login
// schema (auth-schemas.ts) so these public pages keep zod out of their first download.

export const forgotValidation = lazyZodResolver<ForgotPassword, ForgotPassword>(
  async () => (await import('#shared/password.ts')).ForgotPasswordSchema,
);

export const resetValidation = lazyZodResolver<ResetPasswordForm, ResetPasswordForm>(
  async () => (await import('#shared/password.ts')).ResetPasswordFormSchema,
);
