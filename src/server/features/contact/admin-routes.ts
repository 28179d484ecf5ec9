import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { EnquirySchema } from '#shared/enquiries.ts';
import { listEnquiries } from './service.ts';

// The enquiries the contact form received, newest first, for admins.

export const adminEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/admin/enquiries',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: enquiries'],
        security: [{ bearer: [] }],
        response: { 200: z.array(EnquirySchema) },
      },
    },
    async () =>
      (await listEnquiries(db)).map(({ id, ip: _ip, createdAt, ...rest }) => ({
        _id: id,
        ...rest,
        createdAt: createdAt.toISOString(),
      })),
  );
};
