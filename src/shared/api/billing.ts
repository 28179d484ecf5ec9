import { z } from 'zod';
import { ErrorSchema } from '../answers.ts';
import {
  BillingStatusResponseSchema,
  CheckoutUrlSchema,
  ContactIdSchema,
  InvoicePdfQuerySchema,
  InvoiceSchema,
  PackageSchema,
  ProvisionResultSchema,
  SelectPackageSchema,
  SyncStatusSchema,
  UrlSchema,
} from '../billing-api.ts';
import { CrmLinkBasesSchema } from '../crm-links.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Billing with whichever provider BILLING_PROVIDER picks (DESIGN §1). The client's calls
// stay under /api/zoho whatever the provider (SPEC §7, docs/decisions/
// 007-spec-compatible-names.md) and belong to the account owner, which the server checks
// (403 for a team member); choosing a package is the client's own, never an admin's test. The invoice PDF opens in a new tab, so a
// signed link stands in for the bearer token. Admins open a client's billing portal and
// use the CRM tools of /admin/zoho.

const portal = { audience: 'signed-in', tags: ['portal: billing'] } as const;
const crm = { audience: 'admin', tags: ['admin: crm tools'] } as const;
const refused = { 403: ErrorSchema, 502: ErrorSchema };
const crmRefused = { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema };

export const billingApi = {
  status: defineRoute({
    method: 'GET',
    path: '/api/zoho/billing-status',
    ...portal,
    responses: { 200: BillingStatusResponseSchema, ...refused },
  }),
  packages: defineRoute({
    method: 'GET',
    path: '/api/zoho/packages',
    ...portal,
    responses: { 200: z.array(PackageSchema), ...refused },
  }),
  invoices: defineRoute({
    method: 'GET',
    path: '/api/zoho/invoices',
    ...portal,
    summary: 'Invoices, newest first, with signed PDF links and Pay Now links when unpaid',
    responses: { 200: z.array(InvoiceSchema), ...refused },
  }),
  portalUrl: defineRoute({
    method: 'POST',
    path: '/api/zoho/portal-url',
    ...portal,
    responses: { 200: UrlSchema, ...refused, 409: ErrorSchema, 429: ErrorSchema },
  }),
  selectPackage: defineRoute({
    method: 'POST',
    path: '/api/zoho/select-package',
    audience: 'own-session',
    tags: portal.tags,
    body: SelectPackageSchema,
    responses: {
      200: CheckoutUrlSchema,
      400: ErrorSchema,
      ...refused,
      404: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
  invoicePdf: defineRoute({
    method: 'GET',
    path: '/api/invoices/:id/pdf',
    audience: 'public',
    tags: ['billing: token pages'],
    summary: 'Invoice PDF: a valid `sig` from the invoice list, or the owner’s bearer token',
    params: IdParamsSchema,
    query: InvoicePdfQuerySchema,
    produces: ['application/pdf'],
    responses: { 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema, 502: ErrorSchema },
  }),
  adminPortalUrl: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/billing-portal',
    audience: 'admin',
    tags: ['admin: clients'],
    summary: "The client's billing portal URL (the same page the client gets)",
    params: IdParamsSchema,
    responses: { 200: UrlSchema, ...crmRefused },
  }),
  crmLinks: defineRoute({
    method: 'GET',
    path: '/api/zoho/crm-links',
    ...crm,
    summary: 'Deep-link bases into the Zoho apps, for the configured data centre and orgs',
    responses: { 200: CrmLinkBasesSchema, 403: ErrorSchema },
  }),
  createContact: defineRoute({
    method: 'POST',
    path: '/api/zoho/create-contact/:id',
    ...crm,
    summary: 'Create the CRM contact (kept in zohoCRMContactId / zohoContactId)',
    params: IdParamsSchema,
    responses: { 200: ContactIdSchema, ...crmRefused },
  }),
  provision: defineRoute({
    method: 'POST',
    path: '/api/zoho/provision/:id',
    ...crm,
    summary: 'Ensure the billing customer (zohoSubscriptionsCustomerId) exists',
    params: IdParamsSchema,
    responses: { 200: ProvisionResultSchema, ...crmRefused },
  }),
  syncStatus: defineRoute({
    method: 'POST',
    path: '/api/zoho/sync-status/:id',
    ...crm,
    summary: 'Bring the subscription status in step with the billing provider',
    params: IdParamsSchema,
    responses: { 200: SyncStatusSchema, ...crmRefused },
  }),
};
