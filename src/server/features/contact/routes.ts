import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { ErrorSchema } from '#server/http/schemas.ts';
import { brand } from '#shared/brand.ts';
import { ContactSubmissionSchema, contactMessages } from '#shared/contact.ts';
import { listEnquiries, submitEnquiry } from './service.ts';

const EnquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  interest: z.string(),
  budget: z.string().nullable(),
  timeline: z.string().nullable(),
  teamSize: z.string().nullable(),
  website: z.string().nullable(),
  message: z.string(),
  referral: z.string().nullable(),
  createdAt: z.string(),
});

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;

  app.post(
    '/contact',
    {
      config: { rateLimit: 'contact' },
      schema: {
        tags: ['public'],
        summary: 'Send a project enquiry',
        body: ContactSubmissionSchema,
        response: {
          201: z.object({ message: z.string(), id: z.string() }),
          400: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await submitEnquiry(db, request.body, {
        ip: request.ip,
        notify: config.enquiryTo ?? brand.email,
      });
      return reply.code(201).send({ message: contactMessages.success, id: row.id });
    },
  );

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
