import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { ledgerApi as api } from '#shared/api/ledger.ts';
import { invoicingMessages } from '#shared/invoicing.ts';
import { reversePaymentSchema } from '#shared/ledger-actions.ts';
import type { BillingProvider } from '../provider.ts';
import { actingOf } from '../request-context.ts';
import { issueCreditNote } from './credit-notes.ts';
import { endPlanNow } from './end-plan.ts';
import { invoiceDetailsOf, saveInvoiceDetails } from './invoice-details.ts';
import { reversePayment } from './payment-reversal.ts';

// The admin's corrections to the books of local billing (docs/decisions/028-the-books.md).
// With another provider the money lives there, so these answer 409.

async function requireClient(db: Db, id: string) {
  const row = await findUserById(db, id);
  if (!row) throw notFound('Client not found.');
  return row;
}

export const ledgerRoutes: FastifyPluginAsyncZod<{
  provider: BillingProvider;
  invoicing: InvoicingConfig;
}> = async (app, { provider, invoicing }) => {
  const db = app.deps.database.db;
  app.addHook('preHandler', async () => {
    if (provider.name !== 'local') throw conflict(invoicingMessages.notLocal);
  });

  serve(app, api.creditNote, async (request) => {
    const client = await requireClient(db, request.params.id);
    const message = await issueCreditNote(db, invoicing, {
      clientId: client.id,
      invoiceId: request.params.invoiceId,
      body: request.body,
      acting: actingOf(request),
    });
    return { message };
  });

  // The day the money went back may be today in the billing zone.
  const reverseRoute = { ...api.reversePayment, body: reversePaymentSchema(invoicing.timeZone) };
  serve(app, reverseRoute, async (request) => {
    const client = await requireClient(db, request.params.id);
    const message = await reversePayment(db, invoicing, {
      clientId: client.id,
      invoiceId: request.params.invoiceId,
      paymentId: request.params.paymentId,
      body: request.body,
      acting: actingOf(request),
    });
    return { message };
  });

  serve(app, api.endPlan, async (request) => {
    const client = await requireClient(db, request.params.id);
    const message = await endPlanNow(db, invoicing, {
      clientId: client.id,
      body: request.body,
      acting: actingOf(request),
    });
    return { message };
  });

  serve(app, api.invoiceDetails, async (request) =>
    invoiceDetailsOf(await requireClient(db, request.params.id)),
  );

  serve(app, api.saveInvoiceDetails, async (request) => {
    const client = await requireClient(db, request.params.id);
    return saveInvoiceDetails(db, {
      clientId: client.id,
      body: request.body,
      acting: actingOf(request),
    });
  });
};
