import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import { hasPasskey, mustUseTwoFactor } from '#server/auth/second-factor.ts';
import { forbidden } from '#server/http/errors.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  CodeSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  twoFactorMessages,
} from '#shared/two-factor.ts';
import { beginSetup, disable, enable } from './service.ts';

// /api/auth/2fa/*: a signed-in user turns TOTP on and off (the sign-in step is in
// public-routes.ts).

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const common = { tags: ['auth'], security: [{ bearer: [] }] };

  // An admin testing as a client must not change how the client signs in.
  const notImpersonating = async (request: FastifyRequest) => {
    if (request.claims?.imp) throw forbidden(twoFactorMessages.impersonating);
  };
  const changing = [requireUser, notImpersonating];
  // A code is six digits and a session may guess from many addresses: the sign-in limit,
  // counted per account.
  const guessingLimit = { rateLimit: 'auth', rateLimitPer: 'account' } as const;

  app.get(
    '/2fa',
    {
      onRequest: requireUser,
      schema: {
        ...common,
        summary: 'Whether two-factor sign-in is on, and whether this account must turn it on',
        response: { 200: TwoFactorStatusSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        enabled: user.totpEnabled,
        recoveryCodesLeft: user.recoveryCodeHashes.length,
        // Mirrors requireAdmin, so the admin area can say why it stays shut; a passkey
        // meets the rule as well (docs/decisions/020-passkeys.md).
        required:
          mustUseTwoFactor(user, config.adminRequire2fa) && !(await hasPasskey(db, user.id)),
      };
    },
  );

  app.post(
    '/2fa/setup',
    {
      onRequest: changing,
      schema: {
        ...common,
        summary: 'Start two-factor setup: a secret and QR code for an authenticator app',
        response: {
          200: TwoFactorSetupSchema,
          403: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => beginSetup(db, currentUser(request)),
  );

  app.post(
    '/2fa/enable',
    {
      onRequest: changing,
      config: guessingLimit,
      schema: {
        ...common,
        summary: 'Confirm setup with a code; answers the one-time recovery codes',
        body: CodeSchema,
        response: {
          200: RecoveryCodesSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => ({
      recoveryCodes: await enable(db, currentUser(request), request.body.code),
    }),
  );

  app.post(
    '/2fa/disable',
    {
      onRequest: changing,
      config: guessingLimit,
      schema: {
        ...common,
        body: CodeSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      await disable(db, currentUser(request), request.body.code);
      return { message: twoFactorMessages.turnedOff };
    },
  );
};
