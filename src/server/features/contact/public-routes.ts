import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { contactApi } from '#shared/api/contact.ts';
import { brand } from '#shared/brand.ts';
import { contactMessages } from '#shared/contact.ts';
import { submitEnquiry } from './service.ts';

// POST /api/contact: a visitor's project enquiry (SPEC §2 Contact, §5, §8).

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;

  serve(app, contactApi.send, { config: { rateLimit: 'contact' } }, async (request) => {
    const row = await submitEnquiry(db, request.body, {
      ip: request.ip,
      notify: config.enquiryTo ?? brand.email,
    });
    return { message: contactMessages.success, id: row.id };
  });
};
