import type { BillingProvider } from '../provider.ts';
import { zohoAdminTools } from './admin-tools.ts';
import { type ZohoProviderDeps, zohoContext } from './context.ts';
import { zohoInvoicing } from './invoices.ts';
import { zohoSubscription } from './subscription.ts';

// Billing in Zoho Billing: its plans are the packages, its hosted pages take payment and
// card updates, its invoices are listed live. The subscription columns follow Zoho
// through the webhook (webhook.ts) and the admin's sync. Each part sits in a file beside
// this one.

export type { ZohoProviderDeps };

export function createZohoProvider(deps: ZohoProviderDeps): BillingProvider {
  const ctx = zohoContext(deps);
  return {
    name: 'zoho',
    billingStatus: async (owner) => owner.billingStatus,
    ...zohoSubscription(ctx),
    ...zohoInvoicing(ctx),
    ...zohoAdminTools(ctx),
  };
}
