import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '#shared/answers.ts';
import { brand } from '#shared/brand.ts';
import { ContactSubmissionSchema, contactMessages } from '#shared/contact.ts';
import { EnquiryReceivedSchema } from '#shared/enquiries.ts';
import { submitEnquiry } from './service.ts';

// POST /api/contact: a visitor's project enquiry (SPEC §2 Contact, §5, §8).

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
          201: EnquiryReceivedSchema,
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
};
