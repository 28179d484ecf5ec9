import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  ChangeEmailSchema,
  EmailChangeRequestedSchema,
  EmailVerifiedSchema,
  PendingEmailChangeSchema,
  VerifyEmailSchema,
} from '../email-verification.ts';
import { defineRoute } from './route.ts';

// Proving an e-mail address: opening a mailed link (signed in or not), asking for the
// link again, and changing the address, which waits for the new address's link. Not in
// the spec. The page a link opens loads this module only when it calls: it carries zod
// (docs/decisions/008-zod-lazy-on-public-pages.md).

export const emailVerificationApi = {
  verify: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    audience: 'public',
    tags: ['auth'],
    summary: "Open a verification link: prove the account's address, or make a change of it",
    body: VerifyEmailSchema,
    responses: {
      200: EmailVerifiedSchema,
      400: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    audience: 'signed-in',
    tags: ['auth'],
    summary: "Send a new link to the caller's address; older links stop working",
    responses: { 200: MessageSchema, 401: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
  }),
  pendingChange: defineRoute({
    method: 'GET',
    path: '/api/account/email',
    audience: 'signed-in',
    tags: ['portal: account'],
    summary: 'The e-mail change waiting for its link, if any',
    responses: { 200: PendingEmailChangeSchema, 401: ErrorSchema },
  }),
  requestChange: defineRoute({
    method: 'POST',
    path: '/api/account/email',
    // The address signs in to the account: the person's own step, never a tester's.
    audience: 'own-session',
    tags: ['portal: account'],
    summary: 'Change the e-mail address: a link to the new one, which takes effect when opened',
    body: ChangeEmailSchema,
    responses: {
      202: EmailChangeRequestedSchema,
      400: ErrorSchema,
      401: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  cancelChange: defineRoute({
    method: 'DELETE',
    path: '/api/account/email',
    audience: 'own-session',
    tags: ['portal: account'],
    summary: 'Cancel the e-mail change waiting for its link',
    responses: { 200: MessageSchema, 401: ErrorSchema, 404: ErrorSchema },
  }),
};
