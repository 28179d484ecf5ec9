import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorIdOf, currentUser, requireUser } from '#server/auth/guards.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import { CurrentUserSchema } from '#shared/user.ts';
import { signOut } from './service.ts';

// The signed-in session: who it is (verify), and signing out.

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/verify',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user for a token',
        security: [{ bearer: [] }],
        response: { 200: CurrentUserSchema, 401: ErrorSchema },
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
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await signOut(db, currentUser(request), request.claims, {
        actorId: actorIdOf(request),
        ip: request.ip,
      });
      return { message: 'Signed out.' };
    },
  );
};
