import { ErrorSchema, MessageSchema } from '../answers.ts';
import { LoginSchema, RegisterSchema } from '../auth.ts';
import { AuthResponseSchema, CurrentUserSchema, LoginAnswerSchema } from '../user.ts';
import { defineRoute } from './route.ts';

// Signing up, signing in with a password, who a token belongs to, and signing out (SPEC §7
// Auth). The second sign-in step is with two-factor and passkeys, in their own modules.
// The login and register pages load this module only when a form is sent: it carries zod
// (docs/decisions/008-zod-lazy-on-public-pages.md).

const tags = ['auth'];

export const authApi = {
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    audience: 'public',
    tags,
    summary: 'Create a client account and sign in',
    body: RegisterSchema,
    responses: {
      201: AuthResponseSchema,
      400: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    audience: 'public',
    tags,
    summary: 'Sign in with email and password',
    body: LoginSchema,
    responses: { 200: LoginAnswerSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
  }),
  verify: defineRoute({
    method: 'GET',
    path: '/api/auth/verify',
    audience: 'signed-in',
    tags,
    summary: 'The signed-in user for a token',
    responses: { 200: CurrentUserSchema, 401: ErrorSchema },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    audience: 'signed-in',
    tags,
    summary: 'Sign out: this session token (and any test session opened from it) stops working',
    responses: { 200: MessageSchema },
  }),
};
