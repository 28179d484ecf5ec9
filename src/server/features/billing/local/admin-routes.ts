import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import { invoicingMessages, recordPaymentSchema } from '#shared/invoicing.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import type { BillingProvider } from '../provider.ts';
import { actingOf } from '../request-context.ts';
import { listAdminInvoices } from './admin-invoices.ts';
import { billHours, grantTrial } from './invoicing.ts';
import { creditBalance } from './ledger.ts';
import { recordPayment } from './record-payment.ts';
import { voidInvoice } from './void-invoice.ts';

// Admin invoicing (local provider, docs/decisions/014-local-invoicing.md): a client's
// invoices with their payments, recording a payment, voiding an open invoice, granting a
// trial and billing hours.
// With another provider the money lives there, so these answer 409.

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
  // After the admin guard and the schemas, as before: a bad body still reads its 400.
  app.addHook('preHandler', async () => {
    if (provider.name !== 'local') throw conflict(invoicingMessages.notLocal);
  });

  serve(app, api.adminInvoices, async (request) => {
    const client = await requireClient(db, request.params.id);
    return {
      invoices: await listAdminInvoices(db, links, client.id),
      instructions: invoicing.instructions,
      billingTimeZone: invoicing.timeZone,
      accountCreditCents: await creditBalance(db, client.id),
    };
  });

  // The day paid may be today in the billing zone: the table's route, checked with its zone.
  const recordPaymentRoute = {
    ...api.recordPayment,
    body: recordPaymentSchema(invoicing.timeZone),
  };
  serve(app, recordPaymentRoute, async (request) => {
    const client = await requireClient(db, request.params.id);
    const message = await recordPayment(db, invoicing, {
      clientId: client.id,
      invoiceId: request.params.invoiceId,
      payment: request.body,
      acting: actingOf(request),
    });
    return { message };
  });

  serve(app, api.voidInvoice, async (request) => {
    const client = await requireClient(db, request.params.id);
    const message = await voidInvoice(db, {
      clientId: client.id,
      invoiceId: request.params.invoiceId,
      body: request.body,
      acting: actingOf(request),
    });
    return { message };
  });

  serve(app, api.grantTrial, async (request) => {
    const client = await requireClient(db, request.params.id);
    const message = await grantTrial(db, invoicing, {
      clientId: client.id,
      trial: request.body,
      acting: actingOf(request),
    });
    return { message };
  });

  serve(app, api.billHours, async (request) => {
    const client = await requireClient(db, request.params.id);
    const invoice = await billHours(db, invoicing, {
      clientId: client.id,
      hours: request.body,
      acting: actingOf(request),
    });
    return { message: `Invoice ${invoice.number} issued.` };
  });
};
