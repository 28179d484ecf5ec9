import { z } from 'zod';

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check the time on your phone and try again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  required: 'Turn on two-factor sign-in to open the admin area.',
} as const;

/** A 6-digit TOTP code, or a recovery code like "a1b2c-3d4e5". */
export const CodeSchema = z.object({
  code: z
    .string({ error: twoFactorMessages.codeRequired })
    .trim()
    .min(6, twoFactorMessages.codeRequired)
    .max(20, twoFactorMessages.codeRequired),
});

export const TwoFactorLoginSchema = CodeSchema.extend({ challenge: z.string().min(1).max(2000) });
