import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { billingStateOf, billingStateWords, planShown } from '#shared/billing-states.ts';
import type { Plan, SubscriptionStatus } from '#shared/user.ts';
import { planChangedMail } from './billing-mails.ts';

// What follows a provider (Stripe, Zoho) setting a client's subscription: the audit entry,
// and the "plan changed" mail when status or plan really changed.

export interface SubscriptionChangeSource {
  actorId: string | null;
  ip: string | null;
  via: string;
  /** Set by the webhooks: the client is mailed about a change. */
  publicUrl?: string;
}

export async function recordSubscriptionChange(
  db: Db,
  before: UserRow,
  after: { status: SubscriptionStatus; plan: Plan | null },
  source: SubscriptionChangeSource,
  details: Record<string, unknown>,
) {
  const { status, plan } = after;
  const changed =
    before.subscriptionStatus !== status || (plan !== null && before.subscriptionPlan !== plan);
  await audit(db, {
    source: 'billing',
    message: changed
      ? `Subscription ${before.subscriptionStatus}/${before.subscriptionPlan} → ${status}/${plan ?? before.subscriptionPlan} (${source.via})`
      : `Subscription unchanged: ${status} (${source.via})`,
    userId: before.id,
    actorId: source.actorId,
    ip: source.ip,
    details,
  });
  // Billing mails go to every plan: the client hears of a change Stripe or Zoho made.
  if (changed && source.publicUrl) {
    await planChangedMail(
      db,
      { publicUrl: source.publicUrl },
      {
        clientUserId: before.id,
        summary: changeSummary(status, plan ?? before.subscriptionPlan),
      },
    );
  }
}

/** "Your subscription is now Active, on the Basic plan." A plan is named only where one runs. */
export function changeSummary(status: SubscriptionStatus, plan: Plan): string {
  const state = billingStateOf({ subscriptionStatus: status });
  const { label, explanation } = billingStateWords[state];
  const shown = planShown(state, plan);
  return shown
    ? `Your subscription is now ${label}, on the ${shown} plan.`
    : `Your subscription is now ${label}. ${explanation}`;
}
