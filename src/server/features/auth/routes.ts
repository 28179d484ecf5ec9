import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '#server/audit/audit.ts';
import { actorIdOf, currentUser, requireUser } from '#server/auth/guards.ts';
import { endSession, signIn } from '#server/auth/sessions.ts';
import { ErrorSchema } from '#server/http/schemas.ts';
import { userToJson } from '#server/users/to-json.ts';
import { LoginSchema, RegisterSchema } from '#shared/auth.ts';
import { UserSchema } from '#shared/user.ts';
import { checkCredentials, register } from './service.ts';

const SessionSchema = z.object({ token: z.string(), user: UserSchema });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;
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
      const user = await checkCredentials(context(request.ip), request.body);
      if (user.totpEnabled) {
        // The password was right; the session waits for the second factor.
        const { id: sub, tokenVersion: tv } = user;
        return {
          twoFactorRequired: true as const,
          challenge: await tokens.signChallenge({ sub, tv }),
        };
      }
      const token = await signIn(database.db, tokens, user, request.ip);
      return { token, user: userToJson(user) };
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

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: this session token (and any test session opened from it) stops working',
        security: [{ bearer: [] }],
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.claims) await endSession(database.db, request.claims.sid);
      await audit(database.db, {
        source: 'auth',
        message: 'Signed out',
        userId: user.id,
        actorId: actorIdOf(request),
        ip: request.ip,
      });
      return { message: 'Signed out.' };
    },
  );
};
