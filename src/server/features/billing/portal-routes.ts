import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import type { BillingProvider } from './provider.ts';
import { actingOf, requireBillingOwner } from './request-context.ts';

// The client's billing calls (SPEC §7, under /api/zoho for either provider): status,
// packages, invoices, the portal and checkout. Billing belongs to the owner.

export const clientBillingRoutes: FastifyPluginAsyncZod<{ provider: BillingProvider }> = async (
  app,
  { provider },
) => {
  // Starting a checkout or a portal visit writes a row; a person needs a few a minute.
  const limited = { config: { rateLimit: 'billing' } } as const;

  serve(app, api.status, async (request) => ({
    status: await provider.billingStatus(await requireBillingOwner(request)),
    billingTimeZone: app.deps.config.invoicing.timeZone,
  }));

  serve(app, api.packages, async (request) => {
    await requireBillingOwner(request);
    return provider.listPackages();
  });

  serve(app, api.invoices, async (request) =>
    provider.listInvoices(await requireBillingOwner(request), actingOf(request)),
  );

  serve(app, api.portalUrl, limited, async (request) => ({
    url: await provider.portalUrl(await requireBillingOwner(request), actingOf(request)),
  }));

  serve(app, api.selectPackage, limited, async (request) => {
    const owner = await requireBillingOwner(request);
    return {
      checkoutUrl: await provider.startCheckout(owner, request.body.packageId, actingOf(request)),
    };
  });
};
