import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  AddPasskeySchema,
  AuthenticationOptionsSchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeySignInSchema,
  PasskeyStepOptionsSchema,
  PasskeyStepSchema,
  passkeyMessages,
  RegistrationOptionsSchema,
  RenamePasskeySchema,
} from '../passkeys.ts';
import { AuthResponseSchema } from '../user.ts';
import { defineRoute } from './route.ts';

// Passkeys (docs/decisions/020-passkeys.md): a person's own on Profile, and signing in
// with one, alone or as the second step after a password. Each sign-in is options first,
// then the authenticator's answer. How a person signs in is theirs to change, never an
// admin's testing as them.

const tags = ['auth'];
const changing = { audience: 'own-session', refusal: passkeyMessages.impersonating } as const;

export const passkeysApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/auth/passkeys',
    audience: 'signed-in',
    tags,
    summary: 'The passkeys of the signed-in person',
    responses: { 200: PasskeyListSchema },
  }),
  addOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/options',
    ...changing,
    tags,
    summary: 'Start adding a passkey: options for navigator.credentials.create()',
    responses: { 200: RegistrationOptionsSchema, 403: ErrorSchema },
  }),
  add: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys',
    ...changing,
    tags,
    summary: 'Finish adding a passkey with the authenticator’s answer and a name',
    body: AddPasskeySchema,
    responses: { 201: PasskeySchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
  }),
  rename: defineRoute({
    method: 'PATCH',
    path: '/api/auth/passkeys/:id',
    ...changing,
    tags,
    summary: 'Rename a passkey',
    params: PasskeyParamsSchema,
    body: RenamePasskeySchema,
    responses: { 200: PasskeySchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    ...changing,
    tags,
    summary: 'Remove a passkey: it no longer signs in',
    params: PasskeyParamsSchema,
    responses: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  signInOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/login/passkey/options',
    audience: 'public',
    tags,
    summary: 'Start a passkey sign-in: options for navigator.credentials.get()',
    responses: { 200: AuthenticationOptionsSchema },
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/auth/login/passkey',
    audience: 'public',
    tags,
    summary: 'Sign in with a passkey: the authenticator’s answer names the account',
    body: PasskeySignInSchema,
    responses: { 200: AuthResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
  }),
  stepOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/login/2fa/passkey/options',
    audience: 'public',
    tags,
    summary: 'Second sign-in step with a passkey: options for the person’s own passkeys',
    body: PasskeyStepOptionsSchema,
    responses: { 200: AuthenticationOptionsSchema, 400: ErrorSchema, 401: ErrorSchema },
  }),
  step: defineRoute({
    method: 'POST',
    path: '/api/auth/login/2fa/passkey',
    audience: 'public',
    tags,
    summary: 'Finish a sign-in with a passkey in place of a TOTP code',
    body: PasskeyStepSchema,
    responses: { 200: AuthResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
  }),
};
