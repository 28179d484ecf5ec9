import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { sendTotal } from '#server/http/paging.ts';
import { contactApi } from '#shared/api/contact.ts';
import { listEnquiries } from './service.ts';

// The enquiries the contact form received, newest first, for admins: a page at a time,
// searched on the server.

export const adminEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, contactApi.enquiries, async (request, reply) => {
    const { rows, total } = await listEnquiries(db, request.query);
    sendTotal(reply, total);
    return rows.map(({ id, ip: _ip, createdAt, ...rest }) => ({
      _id: id,
      ...rest,
      createdAt: createdAt.toISOString(),
    }));
  });
};
