import { and, eq, isNull } from 'drizzle-orm';
import { type UserRow, users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import type { StripeSubscription } from '#server/integrations/stripe/client.ts';
import { requestKey } from '#server/integrations/stripe/idempotency.ts';
import type { Acting } from '../provider.ts';
import type { StripeContext } from './context.ts';
import { currentOf } from './mapping.ts';

// The client's Stripe customer and its live subscription, which checkout, closing the
// account and the admin's tools all start from.

/**
 * The client's Stripe customer, created once. The idempotency key is what makes a second
 * click, or a click again after Stripe's answer was lost, the same customer and not a
 * second one; it is made from the request, so details corrected in between (a company
 * name) make a new request that Stripe accepts rather than refuses. The library keys its
 * own retries of each try. The conditional update keeps the first id if two requests race.
 */
export async function ensureCustomer(
  ctx: StripeContext,
  client: UserRow,
  acting: Acting,
): Promise<string> {
  const { db, stripe, upstream, record } = ctx;
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

/** The customer's current subscription as Stripe lists it, whatever its status. */
export async function liveSubscription(ctx: StripeContext, customerId: string) {
  const listed = await ctx.upstream('list subscriptions', () =>
    ctx.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
  );
  return currentOf(listed.data);
}

/** Every subscription of the customer, whatever its status, newest first (all pages). */
export async function allSubscriptions(
  ctx: StripeContext,
  customerId: string,
): Promise<StripeSubscription[]> {
  return ctx.upstream('list subscriptions', async () => {
    const all: StripeSubscription[] = [];
    const listed = ctx.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 100,
    });
    for await (const subscription of listed) all.push(subscription);
    return all;
  });
}
