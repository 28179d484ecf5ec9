import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import { forbidden, notFound } from '#server/http/errors.ts';
import { ErrorSchema, IdParamsSchema } from '#server/http/schemas.ts';
import {
  billingApiMessages,
  PayResultSchema,
  PaySessionSchema,
  SelectPackageSchema,
} from '#shared/billing-api.ts';
import type { InvoiceLinks } from './invoice-links.ts';
import {
  cancelSubscription,
  changePackage,
  confirmCheckout,
  getPaySession,
  payInvoice,
} from './local-pay.ts';
import type { BillingProvider } from './provider.ts';
import { requireBillingOwner } from './request-context.ts';

// Public API of the local provider's token pages (/pay/checkout|portal|invoice/:token,
// no sign-in: the token authorises) and the invoice PDF behind a signed link.

const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const tags = ['billing: token pages'];
// Tokens are 256-bit random, so this limit is about load, not guessing.
const rateLimit = 'billingLink';

export const payRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const action = {
    200: PayResultSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    429: ErrorSchema,
  };

  app.get(
    '/sessions/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'What a checkout, portal or invoice link shows; 404 when expired or used',
        params: TokenParamsSchema,
        response: { 200: PaySessionSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => getPaySession(db, request.params.token),
  );

  app.post(
    '/sessions/:token/confirm',
    { config: { rateLimit }, schema: { tags, params: TokenParamsSchema, response: action } },
    async (request) => confirmCheckout(db, request.params.token, { ip: request.ip }),
  );

  app.post(
    '/sessions/:token/change',
    {
      config: { rateLimit },
      schema: {
        tags,
        params: TokenParamsSchema,
        body: SelectPackageSchema,
        response: { ...action, 400: ErrorSchema },
      },
    },
    async (request) =>
      changePackage(db, request.params.token, request.body.packageId, { ip: request.ip }),
  );

  app.post(
    '/sessions/:token/cancel',
    { config: { rateLimit }, schema: { tags, params: TokenParamsSchema, response: action } },
    async (request) => cancelSubscription(db, request.params.token, { ip: request.ip }),
  );

  app.post(
    '/sessions/:token/pay',
    { config: { rateLimit }, schema: { tags, params: TokenParamsSchema, response: action } },
    async (request) => payInvoice(db, request.params.token, { ip: request.ip }),
  );
};

export const invoiceRoutes: FastifyPluginAsyncZod<{
  provider: BillingProvider;
  links: InvoiceLinks;
}> = async (app, { provider, links }) => {
  app.get(
    '/:id/pdf',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Invoice PDF: a valid `sig` from the invoice list, or the owner’s bearer token',
        params: IdParamsSchema,
        querystring: z.object({ sig: z.string().max(2000).optional() }),
        // No response schema: 200 is a PDF (bytes), errors are { message } (403, 404, 429, 502).
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
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
    },
  );
};
