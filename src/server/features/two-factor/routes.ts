import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '#server/audit/audit.ts';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import { signIn } from '#server/auth/sessions.ts';
import { forbidden, unauthorized } from '#server/http/errors.ts';
import { ErrorSchema } from '#server/http/schemas.ts';
import { findUserById } from '#server/users/repository.ts';
import { userToJson } from '#server/users/to-json.ts';
import {
  CodeSchema,
  TwoFactorLoginSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  twoFactorMessages,
} from '#shared/two-factor.ts';
import { UserSchema } from '#shared/user.ts';
import { beginSetup, disable, enable, verifySecondFactor } from './service.ts';

// /api/auth/2fa/*: turn TOTP on and off; /api/auth/login/2fa: the second step of a
// sign-in for an account with two-factor on (the password step answers a challenge).

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens, config } = app.deps;
  const db = database.db;
  const common = { tags: ['auth'], security: [{ bearer: [] }] };

  // An admin testing as a client must not change how the client signs in.
  const notImpersonating = async (request: FastifyRequest) => {
    if (request.claims?.imp) throw forbidden(twoFactorMessages.impersonating);
  };
  const changing = [requireUser, notImpersonating];

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
        // Mirrors requireAdmin, so the admin area can say why it stays shut.
        required: config.adminRequire2fa && user.role === 'Admin',
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
      schema: {
        ...common,
        summary: 'Confirm setup with a code; answers the one-time recovery codes',
        body: CodeSchema,
        response: {
          200: z.object({ recoveryCodes: z.array(z.string()) }),
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
      schema: {
        ...common,
        body: CodeSchema,
        response: { 200: z.object({ message: z.string() }), 400: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      await disable(db, currentUser(request), request.body.code);
      return { message: twoFactorMessages.turnedOff };
    },
  );

  app.post(
    '/login/2fa',
    {
      config: { rateLimit: 'auth' },
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with a TOTP or recovery code',
        body: TwoFactorLoginSchema,
        response: {
          200: z.object({ token: z.string(), user: UserSchema }),
          400: ErrorSchema,
          401: ErrorSchema,
        },
      },
    },
    async (request) => {
      const claims = await tokens.verifyChallenge(request.body.challenge);
      const user = claims ? await findUserById(db, claims.sub) : undefined;
      if (!claims || !user || user.tokenVersion !== claims.tv) {
        throw unauthorized('This sign-in has expired. Please enter your password again.');
      }
      if (!(await verifySecondFactor(db, user, request.body.code))) {
        await audit(db, {
          level: 'warning',
          source: 'auth',
          message: 'Failed two-factor code',
          userId: user.id,
          ip: request.ip,
        });
        throw unauthorized(twoFactorMessages.wrongCode);
      }
      const token = await signIn(db, tokens, user, request.ip, { twoFactor: true });
      return { token, user: userToJson(user) };
    },
  );
};
