import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '#server/audit/audit.ts';
import { currentUser, requireAdmin, requireUser } from '#server/auth/guards.ts';
import { forbidden, notFound } from '#server/http/errors.ts';
import { ErrorSchema, IdParamsSchema } from '#server/http/schemas.ts';
import { findUserById } from '#server/users/repository.ts';

// An admin tests the portal as a client (SPEC §4 Impersonation) with a token that lasts
// at most an hour, names the admin (`imp`), and cannot open the admin area.

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
        body: z.object({}).passthrough().optional(),
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
      const token = await tokens.sign(
        { sub: client.id, tv: client.tokenVersion, imp: admin.id },
        IMPERSONATION_TTL_SECONDS,
      );
      await audit(db, {
        source: 'impersonation',
        message: `${admin.email} started impersonating ${client.email}`,
        userId: client.id,
        actorId: admin.id,
        ip: request.ip,
      });
      const expiresAt = new Date(Date.now() + IMPERSONATION_TTL_SECONDS * 1000).toISOString();
      return { token, expiresAt };
    },
  );

  app.post(
    '/auth/impersonation/end',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Record the end of an impersonation session',
        security: [{ bearer: [] }],
        body: z.object({}).passthrough().optional(),
        response: { 200: z.object({ message: z.string() }), 400: ErrorSchema },
      },
    },
    async (request) => {
      const client = currentUser(request);
      const adminId = request.claims?.imp;
      if (!adminId) return { message: 'This session is not an impersonation.' };
      const admin = await findUserById(db, adminId);
      await audit(db, {
        source: 'impersonation',
        message: `${admin?.email ?? 'An admin'} stopped impersonating ${client.email}`,
        userId: client.id,
        actorId: adminId,
        ip: request.ip,
      });
      return { message: 'Impersonation ended.' };
    },
  );
};
