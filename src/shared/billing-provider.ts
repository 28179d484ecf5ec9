import { z } from 'zod';

// Which billing provider this server bills with (BILLING_PROVIDER, DESIGN §1), so the
// admin's screens offer only what that provider uses: the Zoho ids and the CRM actions
// mean something only with Zoho.

export const billingProviders = ['local', 'stripe', 'zoho'] as const;
export type BillingProviderName = (typeof billingProviders)[number];

/** GET /api/admin/billing-provider */
export const BillingProviderAnswerSchema = z.object({ provider: z.enum(billingProviders) });
export type BillingProviderAnswer = z.infer<typeof BillingProviderAnswerSchema>;

/** The CRM/billing-app ids and their actions (create contact, provision, sync) are Zoho's. */
export const usesZohoIds = (provider: BillingProviderName) => provider === 'zoho';
