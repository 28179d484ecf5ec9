import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, outbox } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { buildStripeApp } from '#test/support/stripe-app.ts';

// Stripe does not deliver events in the order it made them, delivers some twice, and
// tells of every subscription of a customer, old ones included. Whatever arrives, the
// client's plan, status and subscription are the ones Stripe counts now; only the newest
// Checkout Session can be paid; closing the account leaves nothing that can charge; and a
// Price that names no plan keeps the plan and tells the admins.

const { t, fake, admin, post, deliver, checkedOut } = await buildStripeApp();
const db = t.deps.database.db;
const [basic, pro, , retainer] = fake.prices.map((price) => price.id as string);
const row = (userId: string) => findUserById(db, userId);
const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1) as string;

/** An invoice event's object as Stripe sends it, naming its subscription under parent. */
const invoiceAbout = (subscriptionId: string, status = 'open') => ({
  id: `in_late_${subscriptionId}`,
  object: 'invoice',
  status,
  parent: { subscription_details: { subscription: subscriptionId } },
});

async function select(token: string, packageId: string) {
  const selected = await post(token, '/api/zoho/select-package', { packageId });
  expect(selected.statusCode, selected.body).toBe(200);
  return sessionIdOf(selected.json().checkoutUrl);
}

async function applied(delivery: { body: string; signature: string }) {
  const answer = await deliver(delivery);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ applied: boolean; duplicate: boolean }>();
}

describe('Stripe events in any order', () => {
  it('leaves the plan that replaced a cancelled one whatever late event about the old one arrives, once or twice', async () => {
    const first = await checkedOut(basic!);
    const old = first.subscription;
    expect(await applied(fake.event('checkout.session.completed', first.session))).toMatchObject({
      applied: true,
    });
    fake.cancelSubscription(old.id as string);
    await applied(fake.event('customer.subscription.deleted', old));
    expect(await row(first.user._id)).toMatchObject({ subscriptionStatus: 'canceled' });

    // The client buys Pro: a new subscription.
    const second = fake.completeCheckout(await select(first.token, pro!));
    await applied(fake.event('checkout.session.completed', second.session));
    const live = await row(first.user._id);
    expect(live).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Pro',
      stripeSubscriptionId: second.subscription.id,
    });

    const late = [
      fake.event('invoice.payment_failed', invoiceAbout(old.id as string)),
      fake.event('customer.subscription.updated', { ...old, status: 'active' }),
      fake.event('checkout.session.completed', first.session),
      fake.event('customer.subscription.deleted', old),
    ];
    for (const delivery of late) {
      expect(await applied(delivery)).toEqual({ received: true, duplicate: false, applied: false });
      expect(await applied(delivery)).toEqual({ received: true, duplicate: true, applied: false });
    }
    expect(await row(first.user._id)).toMatchObject({
      subscriptionStatus: 'active',
      billingStatus: 'active',
      subscriptionPlan: 'Pro',
      stripeSubscriptionId: second.subscription.id,
      currentPeriodEnd: live?.currentPeriodEnd,
    });
    const ignored = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.userId, first.user._id),
          like(auditLogs.message, `Stripe invoice.payment_failed about subscription ${old.id}%`),
        ),
      );
    expect(ignored).toHaveLength(1);
  });

  it('ends where Stripe is when the new subscription is told of before the old one ended', async () => {
    const first = await checkedOut(basic!);
    fake.cancelSubscription(first.subscription.id as string);
    const second = fake.completeCheckout(await select(first.token, pro!));
    // Newest first: the events about the first subscription come last.
    for (const delivery of [
      fake.event('checkout.session.completed', second.session),
      fake.event('customer.subscription.deleted', first.subscription),
      fake.event('invoice.paid', invoiceAbout(first.subscription.id as string, 'paid')),
      fake.event('checkout.session.completed', first.session),
    ]) {
      await applied(delivery);
    }
    expect(await row(first.user._id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Pro',
      stripeSubscriptionId: second.subscription.id,
    });
  });

  it('moves to a newer subscription made in Stripe, and back to the one still running when that ends', async () => {
    const client = await checkedOut(basic!);
    await applied(fake.event('checkout.session.completed', client.session));
    const customer = client.subscription.customer as string;
    const newer = fake.createSubscription(customer, pro!, { userId: client.user._id });
    expect(await applied(fake.event('customer.subscription.created', newer))).toMatchObject({
      applied: true,
    });
    expect(await row(client.user._id)).toMatchObject({
      subscriptionPlan: 'Pro',
      stripeSubscriptionId: newer.id,
    });
    // The older one's renewal is about a subscription that no longer counts.
    const renewal = fake.event('invoice.paid', invoiceAbout(client.subscription.id as string));
    expect(await applied(renewal)).toMatchObject({ applied: false });
    expect(await row(client.user._id)).toMatchObject({ subscriptionPlan: 'Pro' });

    fake.cancelSubscription(newer.id as string);
    await applied(fake.event('customer.subscription.deleted', newer));
    expect(await row(client.user._id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Basic',
      stripeSubscriptionId: client.subscription.id,
    });
  });

  it('keeps only the newest Checkout Session open, so two packages chosen cannot both be paid', async () => {
    const { token, user } = await t.registerClient();
    const first = await select(token, basic!);
    const second = await select(token, pro!);
    expect(fake.sessions.get(first)).toMatchObject({ status: 'expired', url: null });
    expect(fake.sessions.get(second)).toMatchObject({ status: 'open' });
    expect(() => fake.completeCheckout(first)).toThrow(/expired/);
    expect(fake.received).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/v1/checkout/sessions/${first}/expire` }),
    );
    const third = await select(token, basic!);
    const customer = fake.sessions.get(third)?.customer;
    const open = [...fake.sessions.values()].filter(
      (s) => s.customer === customer && s.status === 'open',
    );
    expect(open.map((s) => s.id)).toEqual([third]);

    // A subscription Stripe has and the webhook has not told of yet: no session stays open.
    fake.createSubscription(customer as string, basic!, { userId: user._id });
    const refused = await post(token, '/api/zoho/select-package', { packageId: pro });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(billingApiMessages.alreadyActive);
    expect(
      [...fake.sessions.values()].filter((s) => s.customer === customer && s.status === 'open'),
    ).toEqual([]);
  });

  it('cancels every live subscription of the customer and expires its open checkout when the account closes', async () => {
    const { token, user } = await t.registerClient();
    const pending = await select(token, basic!);
    const customer = fake.sessions.get(pending)?.customer as string;
    // Two subscriptions made in the Dashboard, neither told of by webhook.
    const one = fake.createSubscription(customer, basic!);
    const two = fake.createSubscription(customer, pro!);
    const closed = await post(token, '/api/account/close', { password: 'Sup3r-secret' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(fake.subscriptions.get(one.id as string)?.status).toBe('canceled');
    expect(fake.subscriptions.get(two.id as string)?.status).toBe('canceled');
    expect(fake.sessions.get(pending)?.status).toBe('expired');
    expect(await row(user._id)).toMatchObject({
      subscriptionStatus: 'canceled',
      billingStatus: 'cancelled',
    });
  });

  it('keeps the plan and tells the admins once when a subscription moves to a Price that names no plan', async () => {
    const client = await checkedOut(basic!);
    await applied(fake.event('checkout.session.completed', client.session));
    const subscription = fake.subscriptions.get(client.subscription.id as string)!;
    // An admin switched the subscription to the untagged Price in the Stripe Dashboard.
    const item = (subscription.items as { data: { price: unknown }[] }).data[0]!;
    item.price = fake.prices.find((price) => price.id === retainer);
    fake.setStatus(subscription.id as string, 'past_due');
    await applied(fake.event('customer.subscription.updated', subscription));
    expect(await row(client.user._id)).toMatchObject({
      subscriptionStatus: 'past_due',
      subscriptionPlan: 'Basic',
      stripeSubscriptionId: subscription.id,
    });
    const warnings = () =>
      db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.userId, client.user._id),
            eq(auditLogs.level, 'warning'),
            like(auditLogs.message, `Stripe Price ${retainer} %`),
          ),
        );
    expect(await warnings()).toHaveLength(1);
    const notices = () =>
      db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, 'billing-price-without-plan'),
            eq(outbox.to, admin.user.email),
            like(outbox.text, `%${subscription.id}%`),
          ),
        );
    const [notice] = await notices();
    expect(notice?.text).toContain(`on the Price ${retainer}`);
    expect(notice?.text).toContain('Their plan stays Basic');
    expect(notice?.text).toContain(client.user.email);

    // The next event about it says nothing new.
    await applied(fake.event('invoice.payment_failed', invoiceAbout(subscription.id as string)));
    expect(await warnings()).toHaveLength(1);
    expect(await notices()).toHaveLength(1);
  });
});
