import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseWhileImpersonating, requireUser } from '#server/auth/guards.ts';
import { ErrorSchema } from '#server/http/schemas.ts';
import {
  BillingStatusResponseSchema,
  CheckoutUrlSchema,
  InvoiceSchema,
  PackageSchema,
  SelectPackageSchema,
  UrlSchema,
} from '#shared/billing-api.ts';
import { adminBillingRoutes, crmToolRoutes } from './admin-routes.ts';
import { createInvoiceLinks } from './invoice-links.ts';
import { createLocalProvider } from './local-provider.ts';
import { invoiceRoutes, payRoutes } from './pay-routes.ts';
import type { BillingProvider } from './provider.ts';
import { actingOf, requireBillingOwner } from './request-context.ts';
import { zohoWebhookRoutes } from './webhook-routes.ts';
import { createZohoProvider } from './zoho-provider.ts';

// Billing (SPEC §7 client calls under /api/zoho, DESIGN §1 providers). This plugin picks
// the provider from BILLING_PROVIDER and registers every billing route beneath it.

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, tokens, integrations } = app.deps;
  const db = database.db;
  const links = createInvoiceLinks(tokens, config.publicUrl);
  let provider: BillingProvider;
  if (config.billingProvider === 'zoho') {
    if (!integrations.zoho) throw new Error('BILLING_PROVIDER=zoho needs the Zoho integration');
    provider = createZohoProvider({
      db,
      zoho: integrations.zoho,
      publicUrl: config.publicUrl,
      links,
      log: app.log,
    });
  } else {
    provider = createLocalProvider({ db, publicUrl: config.publicUrl, links });
  }

  await app.register(clientBillingRoutes, { prefix: '/api/zoho', provider });
  await app.register(crmToolRoutes, { prefix: '/api/zoho', provider });
  await app.register(zohoWebhookRoutes, {
    prefix: '/api/zoho',
    secret: config.billingProvider === 'zoho' ? (config.zoho?.webhookSecret ?? null) : null,
  });
  await app.register(payRoutes, { prefix: '/api/pay' });
  await app.register(invoiceRoutes, { prefix: '/api/invoices', provider, links });
  await app.register(adminBillingRoutes, { prefix: '/api/admin/billing', provider });
};

const clientBillingRoutes: FastifyPluginAsyncZod<{ provider: BillingProvider }> = async (
  app,
  { provider },
) => {
  app.addHook('onRequest', requireUser);
  const common = { tags: ['portal: billing'], security: [{ bearer: [] }] };
  // Starting a checkout or a portal visit writes a row; a person needs a few a minute.
  const rateLimit = 'billing';

  app.get(
    '/billing-status',
    {
      schema: {
        ...common,
        response: { 200: BillingStatusResponseSchema, 403: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request) => ({
      status: await provider.billingStatus(await requireBillingOwner(request)),
    }),
  );

  app.get(
    '/packages',
    {
      schema: {
        ...common,
        response: { 200: z.array(PackageSchema), 403: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request) => {
      await requireBillingOwner(request);
      return provider.listPackages();
    },
  );

  app.get(
    '/invoices',
    {
      schema: {
        ...common,
        summary: 'Invoices, newest first, with signed PDF links and Pay Now links when unpaid',
        response: { 200: z.array(InvoiceSchema), 403: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request) => provider.listInvoices(await requireBillingOwner(request), actingOf(request)),
  );

  app.post(
    '/portal-url',
    {
      config: { rateLimit },
      schema: {
        ...common,
        response: {
          200: UrlSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
        },
      },
    },
    async (request) => ({
      url: await provider.portalUrl(await requireBillingOwner(request), actingOf(request)),
    }),
  );

  app.post(
    '/select-package',
    {
      onRequest: refuseWhileImpersonating,
      config: { rateLimit },
      schema: {
        ...common,
        body: SelectPackageSchema,
        response: {
          200: CheckoutUrlSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
        },
      },
    },
    async (request) => {
      const owner = await requireBillingOwner(request);
      return {
        checkoutUrl: await provider.startCheckout(owner, request.body.packageId, actingOf(request)),
      };
    },
  );
};
