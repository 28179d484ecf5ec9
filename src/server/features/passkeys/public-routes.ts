import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '#shared/answers.ts';
import {
  AuthenticationOptionsSchema,
  PasskeySignInSchema,
  PasskeyStepOptionsSchema,
  PasskeyStepSchema,
} from '#shared/passkeys.ts';
import { AuthResponseSchema } from '#shared/user.ts';
import { relyingPartyFrom } from './relying-party.ts';
import {
  finishSecondStep,
  secondStepOptions,
  signInOptions,
  signInWithPasskey,
} from './sign-in.ts';

// /api/auth/login/passkey: signing in with a passkey alone, and /api/auth/login/2fa/passkey:
// a passkey as the second step of a password sign-in. Each pair is options, then answer.

export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens, config } = app.deps;
  const db = database.db;
  const rp = relyingPartyFrom(config.publicUrl);
  const common = { tags: ['auth'] };
  const rateLimit = 'auth';

  app.post(
    '/login/passkey/options',
    {
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Start a passkey sign-in: options for navigator.credentials.get()',
        response: { 200: AuthenticationOptionsSchema },
      },
    },
    async () => signInOptions(db, rp),
  );

  app.post(
    '/login/passkey',
    {
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Sign in with a passkey: the authenticator’s answer names the account',
        body: PasskeySignInSchema,
        response: { 200: AuthResponseSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => signInWithPasskey({ db, tokens, rp, ip: request.ip }, request.body),
  );

  app.post(
    '/login/2fa/passkey/options',
    {
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Second sign-in step with a passkey: options for the person’s own passkeys',
        body: PasskeyStepOptionsSchema,
        response: { 200: AuthenticationOptionsSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => secondStepOptions({ db, tokens, rp }, request.body.challenge),
  );

  app.post(
    '/login/2fa/passkey',
    {
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Finish a sign-in with a passkey in place of a TOTP code',
        body: PasskeyStepSchema,
        response: { 200: AuthResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => finishSecondStep({ db, tokens, rp, ip: request.ip }, request.body),
  );
};
