import type { UserRow } from '#server/db/schema.ts';
import type { Acting } from '../provider.ts';
import type { ZohoContext } from './context.ts';
import { currentSubscriptionOf, statusFromZoho } from './mapping.ts';

// The client's Zoho Billing customer and the subscription it has, which checkout, closing
// the account and the admin's provisioning all start from.

/** The client's Zoho Billing customer, created on first need. */
export async function ensureCustomer(
  ctx: ZohoContext,
  client: UserRow,
  acting: Acting,
): Promise<string> {
  if (client.zohoSubscriptionsCustomerId) return client.zohoSubscriptionsCustomerId;
  const customerId = await ctx.upstream('create customer', () =>
    ctx.zoho.createCustomer({
      display_name: client.companyName || client.name,
      email: client.email,
      ...(client.companyName && { company_name: client.companyName }),
    }),
  );
  await ctx.save(client, { zohoSubscriptionsCustomerId: customerId });
  await ctx.record(acting, client.id, 'Zoho Billing customer created', { customerId });
  return customerId;
}

/** The customer's subscription that is not over, if any (list items are enough here). */
export async function currentSubscription(ctx: ZohoContext, customerId: string) {
  const listed = currentSubscriptionOf(
    await ctx.upstream('list subscriptions', () => ctx.zoho.listSubscriptions(customerId)),
  );
  return listed && statusFromZoho(listed.status) !== 'canceled' ? listed : null;
}
