import { ErrorSchema, MessageSchema } from '../answers.ts';
import { ForgotPasswordSchema, ResetLinkSentSchema, ResetPasswordSchema } from '../password.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// A forgotten password (SPEC §7 Auth): a one-time link by e-mail, then the new password
// with it (checked first, so a dead link says so before any password is typed); and the link an admin makes for a client, which the admin passes on when the
// server sends no mail. The forgot and reset pages load this module only when their form
// is sent: it carries zod (docs/decisions/008-zod-lazy-on-public-pages.md).

/** The reset page's first call: the token alone. */
const ResetLinkSchema = ResetPasswordSchema.pick({ token: true });

export const passwordResetApi = {
  forgot: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    audience: 'public',
    tags: ['auth'],
    summary: 'E-mail a one-time reset link (the answer is the same for any address)',
    body: ForgotPasswordSchema,
    responses: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password/check',
    audience: 'public',
    tags: ['auth'],
    summary: 'Whether a reset link still works, without using it',
    body: ResetLinkSchema,
    responses: { 200: MessageSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    audience: 'public',
    tags: ['auth'],
    summary: 'Set a new password with a reset link; every session ends',
    body: ResetPasswordSchema,
    responses: { 200: MessageSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
  }),
  adminLink: defineRoute({
    method: 'POST',
    path: '/api/admin/clients/:id/reset-link',
    audience: 'admin',
    tags: ['admin: clients'],
    params: IdParamsSchema,
    responses: { 200: ResetLinkSentSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
};
