import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import { billingApiMessages, type Package, payRedirects } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { type BillingProvider, ProviderError } from '../provider.ts';
import { expireOpenSessions, expireSession } from './checkout-sessions.ts';
import type { StripeContext } from './context.ts';
import { allSubscriptions, ensureCustomer, liveSubscription } from './customer.ts';
import { currentOf, hasEnded, packageFromPrice } from './mapping.ts';
import { applyStripeSubscription } from './sync.ts';

// A Stripe subscription's life from the client's side: Prices are the packages, Stripe
// Checkout takes the first payment, the Customer Portal changes or cancels the plan and
// updates the card, and closing the account cancels it. Only the newest Checkout Session
// can be paid (checkout-sessions.ts), and closing cancels every subscription still live,
// however it was made.

/** A subscription in one of these is running or being paid for: no second checkout. */
const HELD = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/**
 * Checkout always asks for the billing address: Stripe keeps it for the invoice and Stripe
 * Tax locates the client by it. With automatic tax Stripe refuses a session whose customer
 * has no address unless Checkout may save the one entered onto it; ours are created with
 * none. Only the address: customer_update[name] would overwrite the company name the
 * customer was created with, and Stripe's docs tie it to tax ID collection, not used here.
 */
function addressAndTax(automaticTax: boolean) {
  return {
    billing_address_collection: 'required' as const,
    ...(automaticTax && {
      automatic_tax: { enabled: true },
      customer_update: { address: 'auto' as const },
    }),
  };
}

type Subscription = Pick<
  BillingProvider,
  'listPackages' | 'startCheckout' | 'portalUrl' | 'cancelForClosure'
>;

export function stripeSubscription(ctx: StripeContext): Subscription {
  const { db, stripe, publicUrl, automaticTax, upstream, record } = ctx;

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
      const session = await upstream('create checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: owner.id,
          line_items: [{ price: pkg.id, quantity: 1 }],
          subscription_data: { metadata: { userId: owner.id } },
          ...addressAndTax(automaticTax),
          success_url: `${publicUrl}${payRedirects.checkout}`,
          cancel_url: `${publicUrl}/billing`,
        }),
      );
      if (!session.url)
        throw new ProviderError('Stripe returned a checkout session without a URL.');
      const expired = await expireOpenSessions(ctx, customer, session.id);
      // Asked only now, with the earlier sessions expired: a payment finished on one of them
      // meanwhile shows here, as does a subscription whose webhook has not arrived yet.
      const current = await liveSubscription(ctx, customer);
      if (current && HELD.has(current.status)) {
        await expireSession(ctx, session.id);
        throw conflict(billingApiMessages.alreadyActive);
      }
      await record(acting, owner.id, `Checkout started for ${pkg.name}`, {
        packageId: pkg.id,
        priceCents: pkg.price,
        checkoutSessionId: session.id,
        expiredSessionIds: expired,
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
      const customer = owner.stripeCustomerId;
      // Nothing may be paid once the account closes: no checkout first, so no subscription
      // starts while the live ones are cancelled, then every live one, not only the one
      // stored (the Dashboard, or a second checkout before this rule, can make more).
      await expireOpenSessions(ctx, customer);
      const listed = await allSubscriptions(ctx, customer);
      const live = listed.filter((subscription) => !hasEnded(subscription));
      if (live.length === 0) return;
      const canceled = new Map<string, (typeof listed)[number]>();
      for (const subscription of live) {
        // Ends it now, not at the period's end: the account is closing.
        const ended = await upstream('cancel subscription', () =>
          stripe.subscriptions.cancel(subscription.id),
        );
        canceled.set(ended.id, ended);
      }
      const after = currentOf(listed.map((s) => canceled.get(s.id) ?? s));
      if (!after) return;
      await applyStripeSubscription(
        db,
        owner,
        after,
        { actorId: acting.actorId, ip: acting.ip, via: 'account closed' },
        { publicUrl },
      );
      if (canceled.size > 1) {
        await record(acting, owner.id, `${canceled.size} Stripe subscriptions cancelled`, {
          subscriptionIds: [...canceled.keys()],
        });
      }
    },
  };
}
