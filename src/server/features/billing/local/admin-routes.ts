import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { AdminInvoicesSchema } from '#shared/admin-invoices.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  BillHoursSchema,
  GrantTrialSchema,
  InvoicingResultSchema,
  invoicingMessages,
  RecordPaymentSchema,
} from '#shared/invoicing.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import type { BillingProvider } from '../provider.ts';
import { actingOf } from '../request-context.ts';
import { listAdminInvoices } from './admin-invoices.ts';
import { billHours, grantTrial, recordPayment } from './invoicing.ts';

// Admin invoicing (local provider, docs/decisions/014): a client's invoices with their
// payments, recording a payment, granting a trial and billing hours. With another
// provider the money lives there, so these answer 409.

const common = { tags: ['admin: invoicing'], security: [{ bearer: [] }] };
const errors = { 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const InvoiceParamsSchema = IdParamsSchema.extend({
  invoiceId: z.uuid({ error: invoicingMessages.invoiceNotFound }),
});

async function requireClient(db: Db, id: string) {
  const row = await findUserById(db, id);
  if (!row) throw notFound('Client not found.');
  return row;
}

export const adminInvoicingRoutes: FastifyPluginAsyncZod<{
  provider: BillingProvider;
  links: InvoiceLinks;
  invoicing: InvoicingConfig;
}> = async (app, { provider, links, invoicing }) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  app.addHook('preHandler', async () => {
    if (provider.name !== 'local') throw conflict(invoicingMessages.notLocal);
  });

  app.get(
    '/:id/invoices',
    {
      schema: {
        ...common,
        summary: "The client's invoices with their payments, newest first",
        params: IdParamsSchema,
        response: { 200: AdminInvoicesSchema, ...errors },
      },
    },
    async (request) => {
      const client = await requireClient(db, request.params.id);
      return {
        invoices: await listAdminInvoices(db, links, client.id),
        instructions: invoicing.instructions,
      };
    },
  );

  app.post(
    '/:id/invoices/:invoiceId/payments',
    {
      schema: {
        ...common,
        summary: 'Record a payment received; one that settles a plan invoice starts the plan',
        params: InvoiceParamsSchema,
        body: RecordPaymentSchema,
        response: { 200: InvoicingResultSchema, ...errors },
      },
    },
    async (request) => {
      const client = await requireClient(db, request.params.id);
      const message = await recordPayment(db, invoicing, {
        clientId: client.id,
        invoiceId: request.params.invoiceId,
        payment: request.body,
        acting: actingOf(request),
      });
      return { message };
    },
  );

  app.post(
    '/:id/trial',
    {
      schema: {
        ...common,
        summary: 'Grant a trial of a plan until a date',
        params: IdParamsSchema,
        body: GrantTrialSchema,
        response: { 200: InvoicingResultSchema, ...errors },
      },
    },
    async (request) => {
      const client = await requireClient(db, request.params.id);
      const message = await grantTrial(db, invoicing, {
        clientId: client.id,
        trial: request.body,
        acting: actingOf(request),
      });
      return { message };
    },
  );

  app.post(
    '/:id/invoices',
    {
      schema: {
        ...common,
        summary: "Issue an invoice for consulting hours at the client's hourly rate",
        params: IdParamsSchema,
        body: BillHoursSchema,
        response: { 201: InvoicingResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const client = await requireClient(db, request.params.id);
      const invoice = await billHours(db, invoicing, {
        clientId: client.id,
        hours: request.body,
        acting: actingOf(request),
      });
      return reply.code(201).send({ message: `Invoice ${invoice.number} issued.` });
    },
  );
};
