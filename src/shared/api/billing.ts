import { z } from 'zod';
import { AdminInvoicesSchema } from '../admin-invoices.ts';
import { ErrorSchema } from '../answers.ts';
import {
  BillingStatusResponseSchema,
  CheckoutUrlSchema,
  ContactIdSchema,
  InvoicePdfQuerySchema,
  InvoiceSchema,
  PackageSchema,
  PayResultSchema,
  PaySessionSchema,
  PayTokenParamsSchema,
  ProvisionResultSchema,
  SelectPackageSchema,
  SyncStatusSchema,
  UrlSchema,
  WebhookReceivedSchema,
} from '../billing-api.ts';
import { CrmLinkBasesSchema } from '../crm-links.ts';
import {
  BillHoursSchema,
  GrantTrialSchema,
  InvoicingResultSchema,
  invoicingMessages,
  RecordPaymentSchema,
  VoidInvoiceSchema,
} from '../invoicing.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Billing with whichever provider BILLING_PROVIDER picks (DESIGN §1). The client's calls
// stay under /api/zoho whatever the provider (SPEC §7, docs/decisions/
// 007-spec-compatible-names.md) and belong to the account owner, which the server checks
// (403 for a team member); choosing a package is the client's own, never an admin's test.
// The invoice PDF opens in a new tab, so a signed link stands in for the bearer token.
// Admins open a client's billing portal, use the CRM tools of /admin/zoho and, with local
// billing, record payments, grant trials and bill hours (409 with another provider, which
// keeps the money: docs/decisions/014-local-invoicing.md). Local billing's token pages
// are public, the token in the path authorising. So are the providers' webhooks: each
// checks its signature over the raw body, which its plugin keeps as text.

const portal = { audience: 'signed-in', tags: ['portal: billing'] } as const;
const crm = { audience: 'admin', tags: ['admin: crm tools'] } as const;
const refused = { 403: ErrorSchema, 502: ErrorSchema };
const crmRefused = { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema };
const invoicing = { audience: 'admin', tags: ['admin: invoicing'] } as const;
const invoicingRefused = { 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const payPage = { audience: 'public', tags: ['billing: token pages'] } as const;
const payRefused = { 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };
/** A webhook's body: the raw text its signature covers. */
const WebhookBodySchema = z.string().max(512 * 1024);
const InvoicePaymentParamsSchema = IdParamsSchema.extend({
  invoiceId: z.uuid({ error: invoicingMessages.invoiceNotFound }),
});

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
  adminInvoices: defineRoute({
    method: 'GET',
    path: '/api/admin/billing/:id/invoices',
    ...invoicing,
    summary: "The client's invoices with their payments, newest first",
    params: IdParamsSchema,
    responses: { 200: AdminInvoicesSchema, ...invoicingRefused },
  }),
  recordPayment: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/invoices/:invoiceId/payments',
    ...invoicing,
    summary: 'Record a payment received; one that settles a plan invoice starts the plan',
    params: InvoicePaymentParamsSchema,
    body: RecordPaymentSchema,
    responses: { 200: InvoicingResultSchema, ...invoicingRefused },
  }),
  voidInvoice: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/invoices/:invoiceId/void',
    ...invoicing,
    summary: 'Void an open invoice with no payment recorded, saying why',
    params: InvoicePaymentParamsSchema,
    body: VoidInvoiceSchema,
    responses: { 200: InvoicingResultSchema, ...invoicingRefused },
  }),
  grantTrial: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/trial',
    ...invoicing,
    summary: 'Grant a trial of a plan until a date',
    params: IdParamsSchema,
    body: GrantTrialSchema,
    responses: { 200: InvoicingResultSchema, ...invoicingRefused },
  }),
  billHours: defineRoute({
    method: 'POST',
    path: '/api/admin/billing/:id/invoices',
    ...invoicing,
    summary: "Issue an invoice for consulting hours at the client's hourly rate",
    params: IdParamsSchema,
    body: BillHoursSchema,
    responses: { 201: InvoicingResultSchema, ...invoicingRefused },
  }),
  paySession: defineRoute({
    method: 'GET',
    path: '/api/pay/sessions/:token',
    ...payPage,
    summary: 'What a portal or invoice link shows; 404 when expired or used',
    params: PayTokenParamsSchema,
    responses: { 200: PaySessionSchema, 404: ErrorSchema, 429: ErrorSchema },
  }),
  payChange: defineRoute({
    method: 'POST',
    path: '/api/pay/sessions/:token/change',
    ...payPage,
    params: PayTokenParamsSchema,
    body: SelectPackageSchema,
    responses: { 200: PayResultSchema, 400: ErrorSchema, ...payRefused },
  }),
  payCancel: defineRoute({
    method: 'POST',
    path: '/api/pay/sessions/:token/cancel',
    ...payPage,
    summary: 'Cancel: a paid period runs to its end (undo with resume), anything else ends now',
    params: PayTokenParamsSchema,
    responses: { 200: PayResultSchema, ...payRefused },
  }),
  payResume: defineRoute({
    method: 'POST',
    path: '/api/pay/sessions/:token/resume',
    ...payPage,
    summary: 'Undo a cancellation before the paid period ends',
    params: PayTokenParamsSchema,
    responses: { 200: PayResultSchema, ...payRefused },
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/stripe/webhook',
    audience: 'public',
    tags: ['billing: stripe webhook'],
    summary: 'Stripe webhook (Stripe-Signature, checked by the official library)',
    body: WebhookBodySchema,
    responses: {
      200: WebhookReceivedSchema,
      400: ErrorSchema,
      404: ErrorSchema,
      502: ErrorSchema,
    },
  }),
  zohoWebhook: defineRoute({
    method: 'POST',
    path: '/api/zoho/webhook',
    audience: 'public',
    tags: ['billing: zoho webhook'],
    summary: 'Zoho Billing webhook (HMAC-SHA256 hex in X-Zoho-Webhook-Signature)',
    // The signature covers the query pairs too.
    query: z.record(z.string(), z.string()),
    body: WebhookBodySchema,
    responses: {
      200: WebhookReceivedSchema,
      400: ErrorSchema,
      401: ErrorSchema,
      404: ErrorSchema,
      502: ErrorSchema,
      503: ErrorSchema,
    },
  }),
};
