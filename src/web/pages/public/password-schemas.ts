import type { ForgotPassword, ResetPasswordForm } from '#shared/password.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';

// The forgot and reset password forms' shared schemas, loaded on demand like the login
// schema (auth-schemas.ts) so these public pages keep zod out of their first download.

export const forgotValidation = lazyResolver<ForgotPassword, ForgotPassword>(async () => {
  const [{ zodResolver }, { ForgotPasswordSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/password.ts'),
  ]);
  return zodResolver(ForgotPasswordSchema);
});

export const resetValidation = lazyResolver<ResetPasswordForm, ResetPasswordForm>(async () => {
  const [{ zodResolver }, { ResetPasswordFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('#shared/password.ts'),
  ]);
  return zodResolver(ResetPasswordFormSchema);
});
