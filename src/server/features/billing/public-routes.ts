import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { requireUser } from '#server/auth/guards.ts';
import { forbidden, notFound } from '#server/http/errors.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import type { InvoiceLinks } from './invoice-links.ts';
import type { BillingProvider } from './provider.ts';
import { requireBillingOwner } from './request-context.ts';

// The invoice PDF of either provider, behind a signed link (a new tab cannot send the
// bearer header) or the owner's token.

export const invoiceRoutes: FastifyPluginAsyncZod<{
  provider: BillingProvider;
  links: InvoiceLinks;
}> = async (app, { provider, links }) => {
  // Signed links are random and expire, so this limit is about load, not guessing.
  serve(app, api.invoicePdf, { config: { rateLimit: 'billingLink' } }, async (request, reply) => {
    const { id } = request.params;
    const { sig } = request.query;
    if (sig !== undefined || !request.headers.authorization) {
      if (!(await links.verify(id, sig))) throw forbidden(billingApiMessages.badInvoiceLink);
    } else {
      await requireUser(request);
      const owner = await requireBillingOwner(request);
      if (!(await provider.ownsInvoice(owner, id))) throw notFound('Invoice not found.');
    }
    const file = await provider.invoicePdf(id);
    if (!file) throw notFound('Invoice not found.');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);
  });
};
