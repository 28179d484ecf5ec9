import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  CodeSchema,
  RecoveryCodesSchema,
  TwoFactorLoginSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  twoFactorMessages,
} from '../two-factor.ts';
import { AuthResponseSchema } from '../user.ts';
import { defineRoute } from './route.ts';

// Two-factor sign-in with an authenticator app (SPEC §7 Auth): its state on Profile,
// turning it on and off, and the second step of a sign-in. How a person signs in is
// theirs to change, never an admin's testing as them. The login page loads this module
// only when a code is sent (docs/decisions/008-zod-lazy-on-public-pages.md).

const tags = ['auth'];
const changing = { audience: 'own-session', refusal: twoFactorMessages.impersonating } as const;

export const twoFactorApi = {
  status: defineRoute({
    method: 'GET',
    path: '/api/auth/2fa',
    audience: 'signed-in',
    tags,
    summary: 'Whether two-factor sign-in is on, and whether this account must turn it on',
    responses: { 200: TwoFactorStatusSchema },
  }),
  setup: defineRoute({
    method: 'POST',
    path: '/api/auth/2fa/setup',
    ...changing,
    tags,
    summary: 'Start two-factor setup: a secret and QR code for an authenticator app',
    responses: { 200: TwoFactorSetupSchema, 403: ErrorSchema, 409: ErrorSchema },
  }),
  enable: defineRoute({
    method: 'POST',
    path: '/api/auth/2fa/enable',
    ...changing,
    tags,
    summary: 'Confirm setup with a code; answers the one-time recovery codes',
    body: CodeSchema,
    responses: { 200: RecoveryCodesSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/api/auth/2fa/disable',
    ...changing,
    tags,
    body: CodeSchema,
    responses: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema },
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/auth/login/2fa',
    audience: 'public',
    tags,
    summary: 'Finish a sign-in with a TOTP or recovery code',
    body: TwoFactorLoginSchema,
    responses: { 200: AuthResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
  }),
};
