import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/auth/guards.ts';
import type { ZohoConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  ContactIdSchema,
  ProvisionResultSchema,
  SyncStatusSchema,
  UrlSchema,
} from '#shared/billing-api.ts';
import {
  type CrmLinkBases,
  CrmLinkBasesSchema,
  defaultCrmLinkBases,
  zohoLinkBases,
} from '#shared/crm-links.ts';
import { type BillingProvider, withProviderDetail } from './provider.ts';
import { actingOf } from './request-context.ts';

// Admin billing tools (SPEC §7 Admin): open a client's billing portal, and the CRM /
// billing-apps actions of /admin/zoho. Admin only; the provider decides what they touch.

const common = { security: [{ bearer: [] }] };
const errors = { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema };

async function requireClient(db: Db, id: string) {
  const row = await findUserById(db, id);
  if (!row) throw notFound('Client not found.');
  return row;
}

/** /api/admin/billing/:id/billing-portal (overview and mock-status live in clients/). */
export const adminBillingRoutes: FastifyPluginAsyncZod<{ provider: BillingProvider }> = async (
  app,
  { provider },
) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);

  app.post(
    '/:id/billing-portal',
    {
      schema: {
        ...common,
        tags: ['admin: clients'],
        summary: "The client's billing portal URL (the same page the client gets)",
        params: IdParamsSchema,
        response: { 200: UrlSchema, ...errors },
      },
    },
    async (request) => ({
      url: await provider.portalUrl(await requireClient(db, request.params.id), actingOf(request)),
    }),
  );
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
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin: crm tools'];

  app.get(
    '/crm-links',
    {
      schema: {
        ...common,
        tags,
        summary: 'Deep-link bases into the Zoho apps, for the configured data centre and orgs',
        response: { 200: CrmLinkBasesSchema, 403: ErrorSchema },
      },
    },
    async () => crmLinkBasesOf(app.deps.config.zoho),
  );

  app.post(
    '/create-contact/:id',
    {
      schema: {
        ...common,
        tags,
        summary: 'Create the CRM contact (kept in zohoCRMContactId / zohoContactId)',
        params: IdParamsSchema,
        response: { 200: ContactIdSchema, ...errors },
      },
    },
    async (request) => {
      const client = await requireClient(db, request.params.id);
      return {
        contactId: await withProviderDetail(() =>
          provider.createContact(client, actingOf(request)),
        ),
      };
    },
  );

  app.post(
    '/provision/:id',
    {
      schema: {
        ...common,
        tags,
        summary: 'Ensure the billing customer (zohoSubscriptionsCustomerId) exists',
        params: IdParamsSchema,
        response: { 200: ProvisionResultSchema, ...errors },
      },
    },
    async (request) => {
      const client = await requireClient(db, request.params.id);
      return withProviderDetail(() => provider.provision(client, actingOf(request)));
    },
  );

  app.post(
    '/sync-status/:id',
    {
      schema: {
        ...common,
        tags,
        summary: 'Bring the subscription status in step with the billing provider',
        params: IdParamsSchema,
        response: { 200: SyncStatusSchema, ...errors },
      },
    },
    async (request) => {
      const client = await requireClient(db, request.params.id);
      return withProviderDetail(() => provider.syncStatus(client, actingOf(request)));
    },
  );
};
