import { type BillingProvider, syncStatusOf } from '../provider.ts';
import type { StripeContext } from './context.ts';
import { ensureCustomer, liveSubscription } from './customer.ts';
import { applyStripeSubscription } from './sync.ts';

// The admin's tools on /admin/zoho (SPEC §7 Admin) with Stripe: the contact is the
// client's Stripe customer, and the status is read back from its live subscription.

type AdminTools = Pick<BillingProvider, 'createContact' | 'provision' | 'syncStatus'>;

export function stripeAdminTools(ctx: StripeContext): AdminTools {
  const { db, record } = ctx;
  return {
    createContact: async (client, acting) => ensureCustomer(ctx, client, acting),

    async provision(client, acting) {
      const had = client.stripeCustomerId;
      const customerId = await ensureCustomer(ctx, client, acting);
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
      const current = await liveSubscription(ctx, client.stripeCustomerId);
      const row = current
        ? await applyStripeSubscription(
            db,
            client,
            current,
            {
              actorId: acting.actorId,
              ip: acting.ip,
              via: 'admin sync',
            },
            { publicUrl: ctx.publicUrl },
          )
        : client;
      return syncStatusOf(row);
    },
  };
}
