import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseWhileImpersonating, requireUser } from '#server/auth/guards.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  BillingStatusResponseSchema,
  CheckoutUrlSchema,
  InvoiceSchema,
  PackageSchema,
  SelectPackageSchema,
  UrlSchema,
} from '#shared/billing-api.ts';
import type { BillingProvider } from './provider.ts';
import { actingOf, requireBillingOwner } from './request-context.ts';

// The client's billing calls (SPEC §7, under /api/zoho for either provider: decision 007):
// status, packages, invoices, the portal and checkout. Billing belongs to the owner.

export const clientBillingRoutes: FastifyPluginAsyncZod<{ provider: BillingProvider }> = async (
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
