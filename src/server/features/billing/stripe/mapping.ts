import type {
  StripeInvoice,
  StripePrice,
  StripeSubscription,
} from '#server/integrations/stripe/client.ts';
import type { Invoice, InvoiceStatus, Package } from '#shared/billing-api.ts';
import type { Plan, SubscriptionStatus } from '#shared/user.ts';

// Stripe's objects as the portal knows them: Prices as packages, subscription states as
// the user's status, invoices as the invoice list. Pure functions (mapping.test.ts).

/**
 * Every Stripe subscription status onto the portal's. `unpaid` keeps no plan running (Stripe
 * stopped retrying the card), `incomplete_expired` never started, and `paused` (a trial that
 * ended without a card) waits for a payment method.
 */
const statuses: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'incomplete',
};

/** A status Stripe adds later reads as pending until this code knows it. */
export const statusFromStripe = (status: StripeSubscription['status']): SubscriptionStatus =>
  statuses[status] ?? 'incomplete';

/**
 * The portal plan a Price sells: its metadata tag `plan` (Basic or Pro), else a lookup key
 * starting with basic or pro (basic_monthly, pro-yearly…). Any other Price is not a package.
 */
export function planOfPrice(price: Pick<StripePrice, 'metadata' | 'lookup_key'>): Plan | null {
  const tagged = price.metadata?.plan?.trim().toLowerCase();
  const key = tagged ?? price.lookup_key?.toLowerCase() ?? '';
  if (key.startsWith('pro')) return 'Pro';
  if (key.startsWith('basic')) return 'Basic';
  return null;
}

const productOf = (price: StripePrice) =>
  typeof price.product === 'object' &&
  price.product &&
  !('deleted' in price.product && price.product.deleted)
    ? (price.product as { name?: string; description?: string | null; active?: boolean })
    : null;

/** An active, recurring, monthly or yearly Price of a known plan, as a package. */
export function packageFromPrice(price: StripePrice): Package | null {
  const recurring = price.recurring;
  const product = productOf(price);
  if (!price.active || price.type !== 'recurring' || !recurring) return null;
  if (recurring.interval_count !== 1) return null;
  if (recurring.interval !== 'month' && recurring.interval !== 'year') return null;
  if (price.unit_amount === null || price.currency !== 'usd' || !planOfPrice(price)) return null;
  if (product && product.active === false) return null;
  return {
    id: price.id,
    name: price.nickname ?? product?.name ?? price.id,
    description: product?.description ?? '',
    price: price.unit_amount,
    interval: recurring.interval as 'month' | 'year',
    plan: planOfPrice(price),
  };
}

/** The subscription's plan, from the Price of its first item. */
export function planOfSubscription(subscription: StripeSubscription): Plan | null {
  const price = subscription.items?.data?.[0]?.price;
  return price ? planOfPrice(price) : null;
}

/** The end of the current period: on the items since API version 2025-03-31 (the latest). */
export function periodEndOf(subscription: StripeSubscription): Date | null {
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((value): value is number => typeof value === 'number');
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

const customerIdOf = (customer: StripeSubscription['customer']) =>
  typeof customer === 'string' ? customer : customer.id;

export { customerIdOf };

const invoiceStatuses: Record<string, InvoiceStatus> = {
  paid: 'paid',
  open: 'unpaid',
  draft: 'unpaid',
  uncollectible: 'void',
  void: 'void',
};

/** A Stripe invoice in the list: its hosted PDF, and Stripe's page to pay an open one. */
export function invoiceFromStripe(invoice: StripeInvoice, canPay: boolean): Invoice | null {
  const status = invoice.status ? invoiceStatuses[invoice.status] : undefined;
  // A draft is not sent yet; the client sees it once Stripe finalises it.
  if (!invoice.id || invoice.status === 'draft' || !status) return null;
  const line = invoice.lines?.data?.[0]?.description;
  return {
    id: invoice.id,
    number: invoice.number ?? invoice.id,
    date: new Date(invoice.created * 1000).toISOString(),
    status,
    amount: invoice.total,
    description: line ?? `Invoice ${invoice.number ?? invoice.id}`,
    dueDate: invoice.due_date ? new Date(invoice.due_date * 1000).toISOString() : null,
    pdfUrl: invoice.invoice_pdf ?? null,
    paymentUrl: status === 'unpaid' && canPay ? (invoice.hosted_invoice_url ?? null) : null,
  };
}

/** Subscriptions that keep a plan running, then those still being paid for; the rest ended. */
const RUNNING = new Set(['active', 'trialing', 'past_due']);
const ENDED = new Set(['canceled', 'incomplete_expired']);
const standing = (subscription: StripeSubscription) =>
  RUNNING.has(subscription.status) ? 2 : ENDED.has(subscription.status) ? 0 : 1;

/** Whether Stripe may still charge for the subscription (closing the account cancels these). */
export const hasEnded = (subscription: StripeSubscription) => ENDED.has(subscription.status);

/**
 * Of a customer's subscriptions, the one that counts: a running one before one still being
 * paid for (incomplete, unpaid, paused) before an ended one, and the newest of equals. Stripe
 * lists newest first; the sort keeps that order between equal `created` seconds.
 */
export function currentOf(subscriptions: StripeSubscription[]): StripeSubscription | null {
  const ranked = [...subscriptions].sort(
    (a, b) => standing(b) - standing(a) || b.created - a.created,
  );
  return ranked[0] ?? null;
}
