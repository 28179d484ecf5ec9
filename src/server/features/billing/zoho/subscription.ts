import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import { billingApiMessages, type Package, payRedirects } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import type { BillingProvider } from '../provider.ts';
import type { ZohoContext } from './context.ts';
import { currentSubscription, ensureCustomer } from './customer.ts';
import { packageFromZoho } from './mapping.ts';
import { applyZohoSubscription } from './sync.ts';

// A Zoho subscription's life from the client's side: its plans are the packages, its
// hosted pages take the payment and the card, and closing the account cancels it.

type Subscription = Pick<
  BillingProvider,
  'listPackages' | 'startCheckout' | 'portalUrl' | 'cancelForClosure'
>;

export function zohoSubscription(ctx: ZohoContext): Subscription {
  const { db, zoho, publicUrl, upstream, record } = ctx;

  async function packages(): Promise<Package[]> {
    const plans = await upstream('list plans', () => zoho.listPlans());
    return plans.flatMap((plan) => packageFromZoho(plan) ?? []);
  }

  return {
    listPackages: packages,

    async startCheckout(owner, packageId, acting) {
      const pkg = (await packages()).find((p) => p.id === packageId);
      if (!pkg) throw notFound(billingApiMessages.packageNotFound);
      if (owner.zohoSubscriptionId && owner.subscriptionStatus === 'active') {
        throw conflict(billingApiMessages.alreadyActive);
      }
      const customerId = await ensureCustomer(ctx, owner, acting);
      const redirect_url = `${publicUrl}${payRedirects.checkout}`;
      // A subscription that is not over (trial, dunning, paused…) is changed, never doubled.
      const current = await currentSubscription(ctx, customerId);
      const page = current
        ? await upstream('update subscription page', () =>
            zoho.updateSubscriptionPage({
              subscription_id: current.subscription_id,
              plan_code: pkg.id,
              redirect_url,
            }),
          )
        : await upstream('new subscription page', () =>
            zoho.newSubscriptionPage({ customer_id: customerId, plan_code: pkg.id, redirect_url }),
          );
      const kind = current ? 'update-subscription' : 'new-subscription';
      await record(acting, owner.id, `Checkout started for ${pkg.name} (Zoho ${kind} page)`, {
        packageId: pkg.id,
        hostedPageId: page.hostedpage_id,
        ...(current && { subscriptionId: current.subscription_id }),
      });
      return page.url;
    },

    async portalUrl(owner, acting) {
      // Zoho's page updates the card: a money action, refused to an admin's test session.
      if (acting.impersonatorId) throw forbidden(impersonationMessages.notAvailable);
      const subscriptionId = owner.zohoSubscriptionId;
      if (!subscriptionId) throw conflict(billingApiMessages.noSubscription);
      const page = await upstream('update card page', () =>
        zoho.updateCardPage({
          subscription_id: subscriptionId,
          redirect_url: `${publicUrl}/billing`,
        }),
      );
      await record(acting, owner.id, 'Billing portal opened (Zoho hosted page)', {
        hostedPageId: page.hostedpage_id,
      });
      return page.url;
    },

    async cancelForClosure(owner, acting) {
      const customerId = owner.zohoSubscriptionsCustomerId;
      const current = customerId ? await currentSubscription(ctx, customerId) : null;
      if (!current) return;
      const canceled = await upstream('cancel subscription', () =>
        zoho.cancelSubscription(current.subscription_id),
      );
      await applyZohoSubscription(db, owner, canceled, {
        actorId: acting.actorId,
        ip: acting.ip,
        via: 'account closed',
      });
    },
  };
}
