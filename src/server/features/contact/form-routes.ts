import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { acceptForms } from '#server/http/page-forms.ts';
import { contactApi } from '#shared/api/contact.ts';
import { brand } from '#shared/brand.ts';
import { ContactSubmissionSchema, toSubmission } from '#shared/contact.ts';
import { contactOutcome, contactOutcomePath } from '#shared/contact-options.ts';
import { submitEnquiry } from './service.ts';

// POST /contact: the enquiry form as the browser posts it when the button is pressed
// before the contact page hydrated (server/http/page-forms.ts). Nothing a visitor submits
// is lost (DESIGN §1), so it is taken as POST /api/contact takes it: the page's own
// conversion and the same schema, the same rate limit (one budget for both), stored
// before anything is sent. The visitor is sent back to the page, which says whether it
// went; a refused form has no field messages to show, since the page was never running
// (docs/decisions/021-forms-before-hydration.md).

const sent = contactOutcomePath(contactOutcome.sent);
const unsent = contactOutcomePath(contactOutcome.unsent);

export const contactFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;

  acceptForms(app, (body) => Object.fromEntries(new URLSearchParams(body)));
  // A refusal before the handler (rate limit, size, type, unstorable text) is a 4xx: the
  // visitor sees the page say so instead of an answer meant for a program.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.redirect(unsent, 303);
    throw error;
  });

  serve(
    app,
    contactApi.form,
    {
      config: { rateLimit: 'contact', rateLimitBudgetOf: 'POST /api/contact', logPathOnly: true },
    },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string>;
      const parsed = ContactSubmissionSchema.safeParse(toSubmission(form));
      if (!parsed.success) return reply.redirect(unsent, 303);
      await submitEnquiry(database.db, parsed.data, {
        ip: request.ip,
        notify: config.enquiryTo ?? brand.email,
      });
      return reply.redirect(sent, 303);
    },
  );
};
