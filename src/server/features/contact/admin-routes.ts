import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { positionOf } from '#server/db/keyset.ts';
import { sendKeysetPage } from '#server/http/paging.ts';
import { contactApi } from '#shared/api/contact.ts';
import { listEnquiries } from './service.ts';

// The enquiries the contact form received, newest first, for admins: a page at a time
// after the last one shown (`before`, the cursor in X-Next-Cursor), searched on the server.

export const adminEnquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, contactApi.enquiries, async (request, reply) => {
    const { limit, q, before } = request.query;
    const page = await listEnquiries(db, {
      limit,
      q,
      before: before ? positionOf(before) : undefined,
    });
    sendKeysetPage(reply, page);
    return page.rows.map(({ id, ip: _ip, createdAt, ...rest }) => ({
      _id: id,
      ...rest,
      createdAt: createdAt.toISOString(),
    }));
  });
};
