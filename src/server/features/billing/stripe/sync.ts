import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { StripeSubscription } from '#server/integrations/stripe/client.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { billingStatusLabel } from '#shared/billing-format.ts';
import { planChangedMail } from '../billing-mails.ts';
import { periodEndOf, planOfSubscription, statusFromStripe } from './mapping.ts';

// Keeps a client's subscription columns in step with a Stripe subscription (a webhook or
// an admin's sync): plan capabilities and the 402 checks read them.

export async function applyStripeSubscription(
  db: Db,
  client: UserRow,
  subscription: StripeSubscription,
  audited: { actorId: string | null; ip: string | null; via: string; publicUrl?: string },
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
  const changed =
    client.subscriptionStatus !== status || (plan !== null && client.subscriptionPlan !== plan);
  await audit(db, {
    source: 'billing',
    message: changed
      ? `Subscription ${client.subscriptionStatus}/${client.subscriptionPlan} → ${status}/${plan ?? client.subscriptionPlan} (${audited.via})`
      : `Subscription unchanged: ${status} (${audited.via})`,
    userId: client.id,
    actorId: audited.actorId,
    ip: audited.ip,
    details: {
      stripeStatus: subscription.status,
      subscriptionId: subscription.id,
      priceId: subscription.items?.data?.[0]?.price?.id ?? null,
      currentPeriodEnd: periodEnd?.toISOString() ?? null,
    },
  });
  // Billing mails go to every plan: the client hears of a change Stripe or Zoho made.
  if (changed && audited.publicUrl) {
    await planChangedMail(
      db,
      { publicUrl: audited.publicUrl },
      {
        clientUserId: client.id,
        summary: `Your subscription is now ${billingStatusLabel(billingStatusFor[status])}, on the ${plan ?? client.subscriptionPlan} plan.`,
      },
    );
  }
  return row ?? client;
}
