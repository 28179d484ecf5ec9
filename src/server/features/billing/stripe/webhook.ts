import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { billingEvents, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import {
  isStripeError,
  type StripeApi,
  type StripeEvent,
  type StripeSubscription,
  stripeErrorText,
} from '#server/integrations/stripe/client.ts';
import type { WebhookReceived } from '#shared/billing-api.ts';
import { ProviderError } from '../provider.ts';
import { currentOf, customerIdOf } from './mapping.ts';
import { applyStripeSubscription } from './sync.ts';

// A Stripe webhook event, after constructEvent checked its signature (public-routes.ts).
// Stripe retries until it gets a 2xx and does not deliver events in the order they were
// made, so an event is only a notification that something changed: each event id is
// handled once (stored in billing_events with the change it causes); the subscription it
// names is read back from Stripe, not taken from the event, with the customer's other
// subscriptions; and only the one that counts for the client (currentOf: running before
// being paid for before ended, then newest) is written. An event about an older or
// ended subscription that is neither the stored one nor that one changes nothing: a late
// `invoice.payment_failed` for a cancelled plan cannot cancel the plan that replaced it. See
// docs/decisions/026-stripe-events-in-any-order.md.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: StripeEvent): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return String(object.id);
  if (event.type === 'checkout.session.completed') {
    const subscription = object.subscription;
    return typeof subscription === 'string' ? subscription : null;
  }
  if (event.type.startsWith('invoice.')) {
    // Since API version 2025-03-31 the invoice names it under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
    const subscription = parent?.subscription_details?.subscription ?? object.subscription;
    return typeof subscription === 'string' ? subscription : null;
  }
  return null;
}

async function findClient(
  db: Db,
  event: StripeEvent,
  subscription: StripeSubscription,
): Promise<UserRow | undefined> {
  const customerId = customerIdOf(subscription.customer);
  const [byCustomer] = await db
    .select()
    .from(users)
    .where(eq(users.stripeCustomerId, customerId))
    .limit(1);
  if (byCustomer) return byCustomer;
  // A checkout completed before the customer id was saved names the user itself.
  const object = event.data.object as unknown as Record<string, unknown>;
  const named = [object.client_reference_id, subscription.metadata?.userId].find(
    (value): value is string => typeof value === 'string' && UUID.test(value),
  );
  const client = named ? await findUserById(db, named) : undefined;
  if (!client || (client.stripeCustomerId && client.stripeCustomerId !== customerId)) return;
  await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, client.id));
  return { ...client, stripeCustomerId: customerId };
}

async function ask<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Stripe will send the event again: answer 502 so it does.
    if (isStripeError(error)) throw new ProviderError(stripeErrorText(error) ?? error.message);
    throw error;
  }
}

/** The event's subscription as Stripe has it now, and the one that counts for its customer. */
async function readSubscriptions(stripe: StripeApi, id: string) {
  const subscription = await ask(() => stripe.subscriptions.retrieve(id));
  const customer = customerIdOf(subscription.customer);
  const listed = await ask(() => stripe.subscriptions.list({ customer, status: 'all', limit: 20 }));
  return { subscription, current: currentOf(listed.data) ?? subscription };
}

export async function handleStripeEvent(
  db: Db,
  stripe: StripeApi,
  event: StripeEvent,
  ip: string,
  publicUrl?: string,
): Promise<WebhookReceived> {
  const id = `stripe:${event.id}`;
  const [seen] = await db.select().from(billingEvents).where(eq(billingEvents.id, id));
  if (seen) return { received: true, duplicate: true, applied: false };
  const subscriptionId = subscriptionIdOf(event);
  const read = subscriptionId ? await readSubscriptions(stripe, subscriptionId) : null;

  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(billingEvents)
      .values({ id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (fresh.length === 0) return { received: true, duplicate: true, applied: false };
    if (!read) return { received: true, duplicate: false, applied: false };
    const { subscription, current } = read;
    const client = await findClient(tx, event, subscription);
    if (!client) {
      await audit(tx, {
        level: 'warning',
        source: 'billing',
        message: `Stripe ${event.type} for an unknown customer ignored`,
        ip,
        details: { eventId: event.id, subscriptionId: subscription.id },
      });
      return { received: true, duplicate: false, applied: false };
    }
    // Written only for an event about the subscription that counts, or about the stored
    // one (which may have ended while an older one still runs, or been replaced by a newer
    // one: the client then moves to the one that counts). Any other is old news.
    const counts = subscription.id === current.id;
    if (!counts && subscription.id !== client.stripeSubscriptionId) {
      await audit(tx, {
        source: 'billing',
        message: `Stripe ${event.type} about subscription ${subscription.id} ignored: the client's subscription is ${client.stripeSubscriptionId ?? current.id}`,
        userId: client.id,
        ip,
        details: {
          eventId: event.id,
          subscriptionId: subscription.id,
          stripeStatus: subscription.status,
          storedSubscriptionId: client.stripeSubscriptionId,
          currentSubscriptionId: current.id,
        },
      });
      return { received: true, duplicate: false, applied: false };
    }
    await applyStripeSubscription(
      tx,
      client,
      current,
      { actorId: null, ip, via: `webhook ${event.type}`, publicUrl },
      { publicUrl },
    );
    return { received: true, duplicate: false, applied: true };
  });
}
