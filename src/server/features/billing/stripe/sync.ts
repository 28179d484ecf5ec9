import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import type { StripeSubscription } from '#server/integrations/stripe/client.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { recordSubscriptionChange, type SubscriptionChangeSource } from '../subscription-change.ts';
import { periodEndOf, planOfSubscription, statusFromStripe } from './mapping.ts';
import { warnPriceWithoutPlan } from './price-warning.ts';

// Keeps a client's subscription columns in step with a Stripe subscription (a webhook or
// an admin's sync): plan capabilities and the 402 checks read them. The caller has chosen
// the subscription that counts (currentOf in mapping.ts); this only writes it.

export async function applyStripeSubscription(
  db: Db,
  client: UserRow,
  subscription: StripeSubscription,
  audited: SubscriptionChangeSource,
  /** Where the admins' warning about a Price without a plan links to. */
  site: { publicUrl?: string } = {},
): Promise<UserRow> {
  const status = statusFromStripe(subscription.status);
  const plan = planOfSubscription(subscription);
  const periodEnd = periodEndOf(subscription);
  const [row] = await db
    .update(users)
    .set({
      subscriptionStatus: status,
      billingStatus: billingStatusFor[status],
      stripeSubscriptionId: subscription.id,
      ...(plan && { subscriptionPlan: plan }),
      ...(periodEnd && { currentPeriodEnd: periodEnd }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, client.id))
    .returning();
  await recordSubscriptionChange(db, client, { status, plan }, audited, {
    stripeStatus: subscription.status,
    subscriptionId: subscription.id,
    priceId: subscription.items?.data?.[0]?.price?.id ?? null,
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
  });
  if (!plan) await warnPriceWithoutPlan(db, client, subscription, audited, site.publicUrl);
  return row ?? client;
}
