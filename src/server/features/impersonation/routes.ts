import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '#server/audit/audit.ts';
import { currentUser, requireAdmin, requireUser } from '#server/auth/guards.ts';
import { endSession, findSession, issueSession } from '#server/auth/sessions.ts';
import { forbidden, notFound, unauthorized } from '#server/http/errors.ts';
import { ErrorSchema, IdParamsSchema } from '#server/http/schemas.ts';
import { findUserById } from '#server/users/repository.ts';
import { impersonationMessages } from '#shared/impersonation.ts';

// An admin tests the portal as a client (SPEC §4 Impersonation) with a token that lasts
// at most an hour, names the admin (`imp`), and cannot open the admin area. Its session
// is tied to the admin's own: it ends when the admin signs out, changes password, stops
// being an Admin, or ends the test (auth/guards.ts requireLiveImpersonator).

export const IMPERSONATION_TTL_SECONDS = 60 * 60;

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;
  const db = database.db;

  app.post(
    '/admin/impersonate/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: clients'],
        summary: 'A one-hour token to use the portal as this client',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: {
          200: z.object({ token: z.string(), expiresAt: z.string() }),
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const client = await findUserById(db, request.params.id);
      if (!client) throw notFound('Client not found.');
      if (client.role === 'Admin') throw forbidden('Admin accounts cannot be impersonated.');
      const parent = request.claims ? await findSession(db, request.claims.sid) : undefined;
      if (!parent) throw unauthorized();
      // Never outlives the admin's own session.
      const ttlSeconds = Math.min(
        IMPERSONATION_TTL_SECONDS,
        Math.floor((parent.expiresAt.getTime() - Date.now()) / 1000),
      );
      const { token, session } = await issueSession(db, tokens, {
        user: client,
        ip: request.ip,
        ttlSeconds,
        impersonator: { admin, parentSessionId: parent.id },
      });
      await audit(db, {
        source: 'impersonation',
        message: `${admin.email} started impersonating ${client.email}`,
        userId: client.id,
        actorId: admin.id,
        ip: request.ip,
      });
      return { token, expiresAt: session.expiresAt.toISOString() };
    },
  );

  app.post(
    '/auth/impersonation/end',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End an impersonation session: its token stops working at once',
        security: [{ bearer: [] }],
        response: { 200: z.object({ message: z.string() }), 400: ErrorSchema },
      },
    },
    async (request) => {
      const client = currentUser(request);
      const adminId = request.claims?.imp;
      if (!adminId || !request.claims) return { message: impersonationMessages.notImpersonating };
      await endSession(db, request.claims.sid);
      const admin = await findUserById(db, adminId);
      await audit(db, {
        source: 'impersonation',
        message: `${admin?.email ?? 'An admin'} stopped impersonating ${client.email}`,
        userId: client.id,
        actorId: adminId,
        ip: request.ip,
      });
      return { message: impersonationMessages.endedNotice };
    },
  );
};
