import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import type { ZohoBilling } from '#server/integrations/zoho/billing.ts';
import type { ZohoSubscription } from '#server/integrations/zoho/types.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { recordSubscriptionChange, type SubscriptionChangeSource } from '../subscription-change.ts';
import {
  currentSubscriptionOf,
  customerIdOf,
  periodEndFromZoho,
  planFromZoho,
  statusFromZoho,
} from './mapping.ts';

// Keeps a client's subscription columns in step with a Zoho subscription (from a webhook
// or an admin's sync). The columns are what plan capabilities and the 402 checks read,
// so a change here changes what the portal allows at once.

/**
 * The customer's current subscription as Zoho has it now (not over before over, newest
 * first), read in full since list items are flat; `fallbackId` is read when there is no
 * customer to list. Null when Zoho has none.
 */
export async function zohoSubscriptionNow(
  zoho: Pick<ZohoBilling, 'listSubscriptions' | 'getSubscription'>,
  customerId: string | null,
  fallbackId: string | null,
): Promise<ZohoSubscription | null> {
  const listed = customerId
    ? currentSubscriptionOf(await zoho.listSubscriptions(customerId))
    : null;
  const id = listed?.subscription_id ?? fallbackId;
  return id ? zoho.getSubscription(id) : null;
}

export async function applyZohoSubscription(
  db: Db,
  client: UserRow,
  subscription: ZohoSubscription,
  audited: SubscriptionChangeSource,
): Promise<UserRow> {
  const status = statusFromZoho(subscription.status);
  const plan = planFromZoho(subscription.plan?.plan_code, subscription.plan?.name);
  const periodEnd = periodEndFromZoho(subscription);
  const values: Partial<UserRow> = {
    subscriptionStatus: status,
    billingStatus: billingStatusFor[status],
    zohoSubscriptionId: subscription.subscription_id,
    ...(plan && { subscriptionPlan: plan }),
    ...(periodEnd && { currentPeriodEnd: periodEnd }),
    ...(!client.zohoSubscriptionsCustomerId &&
      customerIdOf(subscription) && { zohoSubscriptionsCustomerId: customerIdOf(subscription) }),
  };
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, client.id))
    .returning();
  await recordSubscriptionChange(db, client, { status, plan }, audited, {
    zohoStatus: subscription.status,
    planCode: subscription.plan?.plan_code ?? null,
    subscriptionId: subscription.subscription_id,
    currentPeriodEnd: periodEnd?.toISOString() ?? null,
  });
  return row ?? client;
}
