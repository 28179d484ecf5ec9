import { z } from 'zod';
import { EmailSchema } from './auth.ts';
import { emailVerificationMessages as messages } from './email-verification-text.ts';
import { passwordMessages } from './password.ts';

// Proving an e-mail address (the words are in email-verification-text.ts, which public
// pages read without zod): opening a link, asking for it again, and changing the address,
// which takes effect only once the new address opens its link.

/** POST /api/auth/verify-email: the token from the link. */
export const VerifyEmailSchema = z.object({
  token: z.string({ error: messages.unknown }).min(1, messages.unknown).max(200, messages.unknown),
});
export type VerifyEmail = z.infer<typeof VerifyEmailSchema>;

/** A link that worked: the address it proved, and whether it replaced the old one. */
export const EmailVerifiedSchema = z.object({
  message: z.string(),
  email: z.string(),
  changed: z.boolean(),
});
export type EmailVerified = z.infer<typeof EmailVerifiedSchema>;

/** POST /api/account/email: the new address, and the password to show it is the owner. */
export const ChangeEmailSchema = z.object({
  email: EmailSchema,
  currentPassword: z
    .string({ error: passwordMessages.currentRequired })
    .min(1, passwordMessages.currentRequired)
    .max(200, passwordMessages.currentWrong),
});
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;
export type ChangeEmail = z.output<typeof ChangeEmailSchema>;

/** The change waiting for its link, if any (GET /api/account/email). */
export const PendingEmailChangeSchema = z.object({
  pendingEmail: z.string().nullable(),
  /** When the link stops working (ISO 8601), with pendingEmail. */
  expiresAt: z.string().nullable(),
});
export type PendingEmailChange = z.infer<typeof PendingEmailChangeSchema>;

/** A change asked for: what to tell the person, and what now waits. */
export const EmailChangeRequestedSchema = PendingEmailChangeSchema.extend({
  message: z.string(),
});
export type EmailChangeRequested = z.infer<typeof EmailChangeRequestedSchema>;
