import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secondFactorsFor } from '#server/auth/second-factor.ts';
import { signIn } from '#server/auth/sessions.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { LoginSchema, RegisterSchema } from '#shared/auth.ts';
import { AuthResponseSchema, LoginAnswerSchema } from '#shared/user.ts';
import { checkCredentials, register } from './service.ts';

// Signing up and signing in (the second step with two-factor is in two-factor/).

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens, config } = app.deps;
  const rateLimit = 'auth';
  const context = (ip: string) => ({ db: database.db, tokens, ip });

  app.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create a client account and sign in',
        body: RegisterSchema,
        response: {
          201: AuthResponseSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await register(context(request.ip), request.body);
      return reply.code(201).send({ token: session.token, user: userToJson(session.user) });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginSchema,
        response: {
          200: LoginAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await checkCredentials(context(request.ip), request.body);
      const methods = await secondFactorsFor(database.db, user, config.adminRequire2fa);
      if (methods.length > 0) {
        // The password was right; the session waits for the second factor.
        const { id: sub, tokenVersion: tv } = user;
        return {
          twoFactorRequired: true as const,
          challenge: await tokens.signChallenge({ sub, tv }),
          methods,
        };
      }
      const token = await signIn(database.db, tokens, user, request.ip);
      return { token, user: userToJson(user) };
    },
  );
};
