import type { ZohoInvoice, ZohoPlan, ZohoSubscription } from '#server/integrations/zoho/types.ts';
import type { Package } from '#shared/billing-api.ts';
import type { Plan, SubscriptionStatus } from '#shared/user.ts';

// Zoho Billing's records in our terms. Zoho sends money as decimal currency units; we
// keep integer cents. Plan codes starting with "basic" or "pro" (any case) map to our
// Basic and Pro plans, which is how the capabilities follow a Zoho subscription.

export const toCents = (amount: number) => Math.round(amount * 100);

export function planFromZoho(planCode: string | undefined, name?: string): Plan | null {
  for (const text of [planCode, name]) {
    const t = (text ?? '').trim().toLowerCase();
    if (/^pro(\b|_)/.test(t)) return 'Pro';
    if (/^basic(\b|_)/.test(t)) return 'Basic';
  }
  return null;
}

/** Zoho subscription statuses (live, trial, future, dunning, unpaid, non_renewing, ...). */
export function statusFromZoho(status: string): SubscriptionStatus {
  switch (status) {
    case 'live':
    case 'non_renewing':
      return 'active';
    case 'trial':
      return 'trialing';
    case 'dunning':
    case 'unpaid':
      return 'past_due';
    case 'future':
    case 'paused':
    case 'creation_failed':
      return 'incomplete';
    default:
      // cancelled, expired, trial_expired, cancelled_from_dunning, ...
      return 'canceled';
  }
}

/** In force (live, trial, dunning…) first, then not yet or not now (future, paused…), then over. */
const standing = (status: string) => {
  const ours = statusFromZoho(status);
  return ours === 'canceled' ? 2 : ours === 'incomplete' ? 1 : 0;
};

/**
 * The subscription a client has now, from Zoho's list (newest first is not promised): one
 * in force before one that is not yet (a newer future or failed one does not replace a
 * live one), before one that is over, and the newest of those.
 */
export function currentSubscriptionOf<T extends { status: string; created_time?: string }>(
  items: T[],
): T | null {
  const created = (item: T) => Date.parse(item.created_time ?? '') || 0;
  const ranked = [...items].sort(
    (a, b) => standing(a.status) - standing(b.status) || created(b) - created(a),
  );
  return ranked[0] ?? null;
}

export function packageFromZoho(plan: ZohoPlan): Package | null {
  const unit = plan.interval_unit.toLowerCase();
  const every = plan.interval ?? 1;
  const interval =
    unit.startsWith('year') || (unit.startsWith('month') && every === 12)
      ? 'year'
      : unit.startsWith('month') && every === 1
        ? 'month'
        : null;
  if (!interval || (plan.status && plan.status !== 'active')) return null;
  return {
    id: plan.plan_code,
    name: plan.name,
    description: plan.description ?? '',
    price: toCents(plan.recurring_price),
    interval,
    plan: planFromZoho(plan.plan_code, plan.name),
  };
}

export function invoiceStatusFromZoho(invoice: ZohoInvoice): 'paid' | 'unpaid' | 'void' {
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'void' || invoice.status === 'written_off') return 'void';
  return 'unpaid';
}

/** A Zoho date (YYYY-MM-DD, or a date-time); a bare date is read at `time` UTC. */
export function dateFromZoho(value: string | null | undefined, time = '00:00:00'): Date | null {
  if (!value) return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T${time}Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The end of the current term, read as the end of that day. */
export const periodEndFromZoho = (subscription: ZohoSubscription) =>
  dateFromZoho(subscription.current_term_ends_at ?? subscription.next_billing_at, '23:59:59');

export const customerIdOf = (subscription: ZohoSubscription) =>
  subscription.customer_id ?? subscription.customer?.customer_id ?? null;
