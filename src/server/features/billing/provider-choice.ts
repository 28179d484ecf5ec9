import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { createInvoiceLinks, type InvoiceLinks } from './invoice-links.ts';
import { createLocalProvider } from './local/provider.ts';
import type { BillingProvider } from './provider.ts';
import { createStripeProvider } from './stripe/provider.ts';
import { createZohoProvider } from './zoho/provider.ts';

// BILLING_PROVIDER picks the implementation every billing route talks to (DESIGN §1).

export interface Billing {
  provider: BillingProvider;
  links: InvoiceLinks;
}

export function createBilling(deps: AppDeps, log: FastifyBaseLogger): Billing {
  const { config, database, tokens, integrations } = deps;
  const db = database.db;
  const links = createInvoiceLinks(tokens, config.publicUrl);
  if (config.billingProvider === 'stripe') {
    if (!integrations.stripe) throw new Error('BILLING_PROVIDER=stripe needs the Stripe client');
    return {
      links,
      provider: createStripeProvider({
        db,
        stripe: integrations.stripe,
        publicUrl: config.publicUrl,
        log,
        automaticTax: config.stripe.automaticTax,
      }),
    };
  }
  if (config.billingProvider !== 'zoho') {
    return {
      links,
      provider: createLocalProvider({
        db,
        publicUrl: config.publicUrl,
        links,
        invoicing: config.invoicing,
      }),
    };
  }
  if (!integrations.zoho) throw new Error('BILLING_PROVIDER=zoho needs the Zoho integration');
  const zoho = integrations.zoho;
  return {
    links,
    provider: createZohoProvider({ db, zoho, publicUrl: config.publicUrl, links, log }),
  };
}

/** The Stripe webhook's signing secret and client: only with Stripe billing (else 404). */
export const stripeWebhook = (deps: AppDeps) =>
  deps.config.billingProvider === 'stripe' &&
  deps.config.stripe.webhookSecret &&
  deps.integrations.stripe
    ? { secret: deps.config.stripe.webhookSecret, stripe: deps.integrations.stripe }
    : null;

/** The Zoho webhook's secret: only with Zoho billing; otherwise the webhook answers 404. */
export const zohoWebhookSecret = (deps: AppDeps) =>
  deps.config.billingProvider === 'zoho' ? (deps.config.zoho?.webhookSecret ?? null) : null;
