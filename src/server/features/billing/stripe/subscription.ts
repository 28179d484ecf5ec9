import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import { billingApiMessages, type Package, payRedirects } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { type BillingProvider, ProviderError } from '../provider.ts';
import type { StripeContext } from './context.ts';
import { ensureCustomer, liveSubscription } from './customer.ts';
import { packageFromPrice } from './mapping.ts';
import { applyStripeSubscription } from './sync.ts';

// A Stripe subscription's life from the client's side: Prices are the packages, Stripe
// Checkout takes the first payment, the Customer Portal changes or cancels the plan and
// updates the card, and closing the account cancels it.

/** A subscription in one of these is running or being paid for: no second checkout. */
const HELD = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

type Subscription = Pick<
  BillingProvider,
  'listPackages' | 'startCheckout' | 'portalUrl' | 'cancelForClosure'
>;

export function stripeSubscription(ctx: StripeContext): Subscription {
  const { db, stripe, publicUrl, upstream, record } = ctx;

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

  return {
    listPackages: packages,

    async startCheckout(owner, packageId, acting) {
      const pkg = (await packages()).find((p) => p.id === packageId);
      if (!pkg) throw notFound(billingApiMessages.packageNotFound);
      if (owner.stripeSubscriptionId && HELD.has(owner.subscriptionStatus)) {
        throw conflict(billingApiMessages.alreadyActive);
      }
      const customer = await ensureCustomer(ctx, owner, acting);
      // The webhook may not have arrived yet: ask Stripe before starting a second plan.
      const current = await liveSubscription(ctx, customer);
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
      const current = await liveSubscription(ctx, owner.stripeCustomerId);
      if (!current || current.status === 'canceled') return;
      // Ends it now, not at the period's end: the account is closing.
      const canceled = await upstream('cancel subscription', () =>
        stripe.subscriptions.cancel(current.id),
      );
      await applyStripeSubscription(db, owner, canceled, {
        actorId: acting.actorId,
        ip: acting.ip,
        via: 'account closed',
      });
    },
  };
}
