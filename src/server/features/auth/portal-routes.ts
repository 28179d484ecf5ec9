import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { authApi as api } from '#shared/api/auth.ts';
import { signOut } from './service.ts';

// The signed-in session: who it is (verify), and signing out.

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.verify, async (request) => ({ user: userToJson(currentUser(request)) }));

  serve(app, api.logout, async (request) => {
    await signOut(db, currentUser(request), request.claims, {
      actorId: actorIdOf(request),
      ip: request.ip,
    });
    return { message: 'Signed out.' };
  });
};
