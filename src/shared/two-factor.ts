import { z } from 'zod';

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check the time on your phone and try again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  required: 'Turn on two-factor sign-in or add a passkey to open the admin area.',
  impersonating: 'Two-factor sign-in cannot be changed while testing as a client.',
  turnedOff: 'Two-factor sign-in is off.',
} as const;

/**
 * GET /api/auth/2fa. `required`: this account must turn it on (ADMIN_REQUIRE_2FA), having
 * no passkey, which meets the rule too.
 */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /api/auth/2fa/setup: the secret for an authenticator app, as text and QR code. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** POST /api/auth/2fa/enable: the one-time recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** A 6-digit TOTP code, or a recovery code like "a1b2c-3d4e5". */
export const CodeSchema = z.object({
  code: z
    .string({ error: twoFactorMessages.codeRequired })
    .trim()
    .min(6, twoFactorMessages.codeRequired)
    .max(20, twoFactorMessages.codeRequired),
});

export const TwoFactorLoginSchema = CodeSchema.extend({ challenge: z.string().min(1).max(2000) });
export type TwoFactorLogin = z.infer<typeof TwoFactorLoginSchema>;
