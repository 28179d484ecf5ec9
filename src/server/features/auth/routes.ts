import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import { ErrorSchema } from '#server/http/schemas.ts';
import { userToJson } from '#server/users/to-json.ts';
import { LoginSchema, RegisterSchema } from '#shared/auth.ts';
import { UserSchema } from '#shared/user.ts';
import { login, register } from './service.ts';

const SessionSchema = z.object({ token: z.string(), user: UserSchema });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens, limits } = app.deps;
  const rateLimit = {
    max: limits?.auth?.max ?? 10,
    timeWindow: limits?.auth?.timeWindowMs ?? 60_000,
  };
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
          201: SessionSchema,
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
          200: z.union([
            SessionSchema,
            z.object({ twoFactorRequired: z.literal(true), challenge: z.string() }),
          ]),
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const session = await login(context(request.ip), request.body);
      if (session.user.totpEnabled) {
        // The password was right; the session waits for the second factor.
        const { id: sub, tokenVersion: tv } = session.user;
        return {
          twoFactorRequired: true as const,
          challenge: await tokens.signChallenge({ sub, tv }),
        };
      }
      return { token: session.token, user: userToJson(session.user) };
    },
  );

  app.get(
    '/verify',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user for a token',
        security: [{ bearer: [] }],
        response: { 200: z.object({ user: UserSchema }), 401: ErrorSchema },
      },
    },
    async (request) => ({ user: userToJson(currentUser(request)) }),
  );
};
