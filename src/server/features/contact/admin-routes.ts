import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { pagingQuery, sendTotal } from '#server/http/paging.ts';
import { ENQUIRY_PAGE, EnquirySchema } from '#shared/enquiries.ts';
import { listEnquiries } from './service.ts';

// The enquiries the contact form received, newest first, for admins: a page at a time,
// searched on the server (issue 18).

export const adminEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/admin/enquiries',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: enquiries'],
        security: [{ bearer: [] }],
        summary: 'Enquiries, newest first, a page at a time (X-Total-Count: how many match)',
        querystring: pagingQuery(ENQUIRY_PAGE.default, ENQUIRY_PAGE.max),
        response: { 200: z.array(EnquirySchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listEnquiries(db, request.query);
      sendTotal(reply, total);
      return rows.map(({ id, ip: _ip, createdAt, ...rest }) => ({
        _id: id,
        ...rest,
        createdAt: createdAt.toISOString(),
      }));
    },
  );
};
