import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import {
  isStripeError,
  type StripeApi,
  stripeErrorText,
} from '#server/integrations/stripe/client.ts';
import { requestKey } from '#server/integrations/stripe/idempotency.ts';
import { billingApiMessages, type Package, payRedirects } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import {
  type Acting,
  type BillingProvider,
  ProviderError,
  recordBilling,
  syncStatusOf,
} from '../provider.ts';
import { currentOf, invoiceFromStripe, packageFromPrice } from './mapping.ts';
import { applyStripeSubscription } from './sync.ts';

// Billing with Stripe (BILLING_PROVIDER=stripe, issue 15): Prices are the packages, Stripe
// Checkout takes the first payment, the Stripe Customer Portal changes or cancels the plan
// and updates the card, invoices are Stripe's with their hosted PDF and payment page. The
// subscription columns follow Stripe through the webhook (webhook.ts) and the admin's sync.

/** A subscription in one of these is running or being paid for: no second checkout. */
const HELD = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

export interface StripeProviderDeps {
  db: Db;
  stripe: StripeApi;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function createStripeProvider({
  db,
  stripe,
  publicUrl,
  log,
}: StripeProviderDeps): BillingProvider {
  const record = (acting: Acting, userId: string, message: string, details = {}) =>
    recordBilling(db, acting, userId, message, details);

  /** Stripe trouble answers 502: plainly to a client, with Stripe's code to an admin. */
  async function upstream<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isStripeError(error)) throw error;
      log.error(
        { err: error, stripeCode: error.code, requestId: error.requestId },
        `Stripe: ${what} failed`,
      );
      throw new ProviderError(stripeErrorText(error) ?? error.message);
    }
  }

  async function packages(): Promise<Package[]> {
    return upstream('list prices', async () => {
      const list: Package[] = [];
      const prices = stripe.prices.list({
        active: true,
        type: 'recurring',
        expand: ['data.product'],
        limit: 100,
      });
      for await (const price of prices) {
        const pkg = packageFromPrice(price);
        if (pkg) list.push(pkg);
      }
      return list.sort((a, b) => a.price - b.price);
    });
  }

  /**
   * The client's Stripe customer, created once. The idempotency key is what makes a second
   * click, or a click again after Stripe's answer was lost, the same customer and not a
   * second one; it is made from the request, so details corrected in between (a company
   * name) make a new request that Stripe accepts rather than refuses. The library keys its
   * own retries of each try. The conditional update keeps the first id if two requests race.
   */
  async function ensureCustomer(client: UserRow, acting: Acting): Promise<string> {
    if (client.stripeCustomerId) return client.stripeCustomerId;
    const params = {
      email: client.email,
      name: client.companyName ?? client.name,
      metadata: { userId: client.id },
    };
    const customer = await upstream('create customer', () =>
      stripe.customers.create(params, {
        idempotencyKey: requestKey(`customer-${client.id}`, params),
      }),
    );
    await db
      .update(users)
      .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
      .where(and(eq(users.id, client.id), isNull(users.stripeCustomerId)));
    const row = await findUserById(db, client.id);
    const id = row?.stripeCustomerId ?? customer.id;
    if (id === customer.id) {
      await record(acting, client.id, 'Stripe customer created', { customerId: id });
    }
    return id;
  }

  async function liveSubscription(customerId: string) {
    const listed = await upstream('list subscriptions', () =>
      stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
    );
    return currentOf(listed.data);
  }

  return {
    name: 'stripe',

    listPackages: packages,

    billingStatus: async (owner) => owner.billingStatus,

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

    async startCheckout(owner, packageId, acting) {
      const pkg = (await packages()).find((p) => p.id === packageId);
      if (!pkg) throw notFound(billingApiMessages.packageNotFound);
      if (owner.stripeSubscriptionId && HELD.has(owner.subscriptionStatus)) {
        throw conflict(billingApiMessages.alreadyActive);
      }
      const customer = await ensureCustomer(owner, acting);
      // The webhook may not have arrived yet: ask Stripe before starting a second plan.
      const current = await liveSubscription(customer);
      if (current && HELD.has(current.status)) throw conflict(billingApiMessages.alreadyActive);
      const session = await upstream('create checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: owner.id,
          line_items: [{ price: pkg.id, quantity: 1 }],
          subscription_data: { metadata: { userId: owner.id } },
          success_url: `${publicUrl}${payRedirects.checkout}`,
          cancel_url: `${publicUrl}/billing`,
        }),
      );
      if (!session.url)
        throw new ProviderError('Stripe returned a checkout session without a URL.');
      await record(acting, owner.id, `Checkout started for ${pkg.name}`, {
        packageId: pkg.id,
        priceCents: pkg.price,
        checkoutSessionId: session.id,
      });
      return session.url;
    },

    async portalUrl(owner, acting) {
      // Stripe's portal changes and cancels plans: not for an admin testing as the client.
      if (acting.impersonatorId) throw forbidden(impersonationMessages.notAvailable);
      if (!owner.stripeCustomerId) throw conflict(billingApiMessages.noSubscription);
      const customer = owner.stripeCustomerId;
      const session = await upstream('create portal session', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${publicUrl}/billing` }),
      );
      await record(acting, owner.id, 'Billing portal opened');
      return session.url;
    },

    async cancelForClosure(owner, acting) {
      if (!owner.stripeCustomerId) return;
      const current = await liveSubscription(owner.stripeCustomerId);
      if (!current || current.status === 'canceled') return;
      // Ends it now, not at the period's end: the account is closing (issue 17).
      const canceled = await upstream('cancel subscription', () =>
        stripe.subscriptions.cancel(current.id),
      );
      await applyStripeSubscription(db, owner, canceled, {
        actorId: acting.actorId,
        ip: acting.ip,
        via: 'account closed',
      });
    },

    // Invoice PDFs are Stripe's own hosted files (pdfUrl), not served by this server.
    ownsInvoice: async () => false,
    invoicePdf: async () => null,

    createContact: async (client, acting) => ensureCustomer(client, acting),

    async provision(client, acting) {
      const had = client.stripeCustomerId;
      const customerId = await ensureCustomer(client, acting);
      return {
        message: had ? 'Already provisioned.' : 'Provisioned.',
        customerId,
        subscriptionId: client.stripeSubscriptionId,
      };
    },

    async syncStatus(client, acting) {
      if (!client.stripeCustomerId) {
        await record(acting, client.id, `Billing status checked: ${client.billingStatus}`);
        return syncStatusOf(client);
      }
      const current = await liveSubscription(client.stripeCustomerId);
      const row = current
        ? await applyStripeSubscription(db, client, current, {
            actorId: acting.actorId,
            ip: acting.ip,
            via: 'admin sync',
          })
        : client;
      return syncStatusOf(row);
    },
  };
}
