import { z } from 'zod';
import { singleLine } from './text.ts';

// Registration and login rules with the exact messages of SPEC §5. The register page
// and POST /api/auth/register both validate with RegisterSchema.

export const authMessages = {
  fullName: 'Please enter your full name',
  email: 'Enter a valid email',
  passwordLength: 'Password must be at least 8 characters',
  passwordMix: 'Password must include upper, lower, and number',
  passwordsMatch: 'Passwords do not match',
  /** Not in SPEC §5: an empty confirmation said nothing when the password was empty too. */
  confirmPassword: 'Confirm your password',
  acceptTerms: 'You must accept the Terms of Service to continue',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  badCredentials: 'Invalid email or password.',
  loginRequired: 'Email and password are required.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EmailSchema = z
  .string({ error: authMessages.email })
  .trim()
  .max(254, authMessages.email)
  .refine(...singleLine('Email'))
  .regex(EMAIL_PATTERN, authMessages.email)
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: authMessages.passwordLength })
  .max(200, 'Password must be at most 200 characters')
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordLength)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), authMessages.passwordMix);

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(...singleLine(field))
    .optional()
    .transform((v) => (v ? v : undefined));

export const RegisterSchema = z
  .object({
    name: z
      .string({ error: authMessages.fullName })
      .trim()
      .max(120, 'Name must be at most 120 characters')
      .refine(...singleLine('Name'))
      .refine((n) => n.split(/\s+/).filter(Boolean).length >= 2, authMessages.fullName),
    email: EmailSchema,
    companyName: optionalText(120, 'Company name'),
    companyCode: optionalText(40, 'Company code'),
    password: PasswordSchema,
    confirmPassword: z
      .string({ error: authMessages.confirmPassword })
      .min(1, authMessages.confirmPassword),
    acceptedTOS: z
      .boolean({ error: authMessages.acceptTerms })
      .refine((v) => v, authMessages.acceptTerms),
    /** From a team invite link: signing up with the invited address joins that team. */
    inviteToken: z.string().max(200).optional(),
  })
  // An empty confirmation has its own message (above), not this one as well.
  .refine((v) => !v.confirmPassword || v.password === v.confirmPassword, {
    message: authMessages.passwordsMatch,
    path: ['confirmPassword'],
  });

export type RegisterInput = z.input<typeof RegisterSchema>;
export type Register = z.output<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: z
    .string({ error: authMessages.loginRequired })
    .trim()
    .min(1, authMessages.loginRequired)
    .max(254)
    .refine(...singleLine('Email')),
  password: z
    .string({ error: authMessages.loginRequired })
    .min(1, authMessages.loginRequired)
    .max(200),
});

export type Login = z.infer<typeof LoginSchema>;
