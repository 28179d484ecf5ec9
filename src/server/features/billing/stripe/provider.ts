import type { BillingProvider } from '../provider.ts';
import { stripeAdminTools } from './admin-tools.ts';
import { type StripeProviderDeps, stripeContext } from './context.ts';
import { invoiceFromStripe } from './mapping.ts';
import { stripeSubscription } from './subscription.ts';

// Billing with Stripe (BILLING_PROVIDER=stripe, docs/decisions/015-stripe.md): Prices are
// the packages, Stripe Checkout takes the first payment, the Stripe Customer Portal
// changes or cancels the plan and updates the card, invoices are Stripe's with their
// hosted PDF and payment page. The subscription columns follow Stripe through the webhook
// (webhook.ts) and the admin's sync. Each part sits in a file beside this one.

export type { StripeProviderDeps };

export function createStripeProvider(deps: StripeProviderDeps): BillingProvider {
  const ctx = stripeContext(deps);
  const { stripe, upstream } = ctx;
  return {
    name: 'stripe',
    billingStatus: async (owner) => owner.billingStatus,
    ...stripeSubscription(ctx),

    async listInvoices(owner, acting) {
      if (!owner.stripeCustomerId) return [];
      const customer = owner.stripeCustomerId;
      const listed = await upstream('list invoices', () =>
        stripe.invoices.list({ customer, limit: 24 }),
      );
      // Stripe's payment page takes money: never offered to an admin testing as the client.
      const canPay = !acting.impersonatorId;
      return listed.data.flatMap((invoice) => invoiceFromStripe(invoice, canPay) ?? []);
    },
    // Invoice PDFs are Stripe's own hosted files (pdfUrl), not served by this server.
    ownsInvoice: async () => false,
    invoicePdf: async () => null,

    ...stripeAdminTools(ctx),
  };
}
