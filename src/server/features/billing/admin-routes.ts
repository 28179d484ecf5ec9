import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import type { ZohoConfig } from '#server/config.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import { type CrmLinkBases, defaultCrmLinkBases, zohoLinkBases } from '#shared/crm-links.ts';
import { requireClient } from './billed-client.ts';
import { type BillingProvider, withProviderDetail } from './provider.ts';
import { actingOf } from './request-context.ts';

// Admin billing tools (SPEC §7 Admin): open a client's billing portal, and the CRM /
// billing-apps actions of /admin/zoho. The provider decides what they touch.

/** /api/admin/billing/:id/billing-portal (overview and mock-status live in clients/). */
export const adminBillingRoutes: FastifyPluginAsyncZod<{ provider: BillingProvider }> = async (
  app,
  { provider },
) => {
  const db = app.deps.database.db;

  serve(app, api.adminPortalUrl, async (request) => ({
    url: await provider.portalUrl(await requireClient(db, request.params.id), actingOf(request)),
  }));
};

/** Zoho's own links when Zoho is configured; the brand's defaults otherwise. */
const crmLinkBasesOf = (zoho: ZohoConfig | null): CrmLinkBases =>
  zoho
    ? zohoLinkBases({
        accountsUrl: zoho.accountsUrl,
        billingOrgId: zoho.organizationId,
        crmOrgId: zoho.crmOrgId,
        booksOrgId: zoho.books?.organizationId,
        deskPortal: zoho.deskPortal,
      })
    : defaultCrmLinkBases;

/** /api/zoho/create-contact|provision|sync-status/:id and /api/zoho/crm-links */
export const crmToolRoutes: FastifyPluginAsyncZod<{ provider: BillingProvider }> = async (
  app,
  { provider },
) => {
  const db = app.deps.database.db;

  serve(app, api.crmLinks, async () => crmLinkBasesOf(app.deps.config.zoho));

  serve(app, api.createContact, async (request) => {
    const client = await requireClient(db, request.params.id);
    return {
      contactId: await withProviderDetail(() => provider.createContact(client, actingOf(request))),
    };
  });

  serve(app, api.provision, async (request) => {
    const client = await requireClient(db, request.params.id);
    return withProviderDetail(() => provider.provision(client, actingOf(request)));
  });

  serve(app, api.syncStatus, async (request) => {
    const client = await requireClient(db, request.params.id);
    return withProviderDetail(() => provider.syncStatus(client, actingOf(request)));
  });
};
