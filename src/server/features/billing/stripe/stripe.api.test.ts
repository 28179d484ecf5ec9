import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, outbox } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { buildStripeApp } from '#test/support/stripe-app.ts';

// BILLING_PROVIDER=stripe through the official library against a fake Stripe on loopback:
// Prices as packages, Checkout, the signed webhook, the Customer Portal, invoices, the
// admin's CRM tools. The path a card-paying client takes end to end
// (docs/decisions/015-stripe.md): checkout → webhook → active plan → portal → cancel →
// webhook.

const { t, fake, admin, post, deliver, checkedOut } = await buildStripeApp();
const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });

async function packages(token: string) {
  const response = await get(token, '/api/zoho/packages');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; name: string; price: number; interval: string }[]>();
}

describe('Stripe billing', () => {
  it('lists active recurring Prices tagged by lookup key or metadata as packages, cheapest first', async () => {
    const { token } = await t.registerClient();
    const list = await packages(token);
    expect(list.map((p) => [p.name, p.price, p.interval])).toEqual([
      ['Basic Monthly', 2900, 'month'],
      ['Pro Monthly', 7900, 'month'],
      ['Pro Yearly', 79000, 'year'],
    ]);
    // The Price without a plan tag is not for sale here.
    expect(list.some((p) => p.name === 'Support retainer')).toBe(false);
  });

  it('checkout → webhook → active plan → portal → cancel → webhook', async () => {
    const { token } = await t.registerClient();
    const [basic] = await packages(token);
    const selected = await post(token, '/api/zoho/select-package', { packageId: basic!.id });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(selected.json().checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      price: basic!.id,
      success_url: 'http://localhost:3000/billing?checkout=success',
      cancel_url: 'http://localhost:3000/billing',
    });
    // One customer, created with an idempotency key, however often the client clicks.
    const customerCalls = fake.received.filter((r) => r.path === '/v1/customers');
    expect(customerCalls.at(-1)?.idempotencyKey).toMatch(/^customer-/);

    const userId = session.client_reference_id as string;
    expect((await findUserById(t.deps.database.db, userId))?.subscriptionStatus).toBe(
      'no_subscription',
    );
    const { subscription } = fake.completeCheckout(session.id as string);
    const completed = await deliver(fake.event('checkout.session.completed', session));
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toEqual({ received: true, duplicate: false, applied: true });
    const active = await findUserById(t.deps.database.db, userId);
    expect(active).toMatchObject({
      subscriptionStatus: 'active',
      billingStatus: 'active',
      subscriptionPlan: 'Basic',
      stripeSubscriptionId: subscription.id,
    });
    expect(active?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    // The client hears of it (billing mails go to every plan).
    const [told] = await t.deps.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, active!.email), eq(outbox.kind, 'billing-plan')));
    expect(told?.text).toContain('Your subscription is now Active, on the Basic plan.');
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });

    // A second checkout is refused while the plan runs.
    const again = await post(token, '/api/zoho/select-package', { packageId: basic!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(billingApiMessages.alreadyActive);

    // Invoices are Stripe's, with its hosted PDF.
    const [invoice] = (await get(token, '/api/zoho/invoices')).json();
    expect(invoice).toMatchObject({ status: 'paid', amount: 2900, paymentUrl: null });
    expect(invoice.pdfUrl).toMatch(/\/i\/sub_[0-9a-f]+\/pdf$/);

    const portal = await post(token, '/api/zoho/portal-url');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/\/p\/session\/bps_/);

    // Cancelled in the Customer Portal; Stripe tells us by webhook.
    const cancelled = fake.cancelSubscription(subscription.id as string);
    const deleted = await deliver(fake.event('customer.subscription.deleted', cancelled));
    expect(deleted.json()).toMatchObject({ applied: true });
    expect(await findUserById(t.deps.database.db, userId)).toMatchObject({
      subscriptionStatus: 'canceled',
      billingStatus: 'cancelled',
    });
  });

  it('cancels the Stripe subscription at once when the client closes the account', async () => {
    const { token, user, subscription } = await checkedOut(fake.prices[0]!.id as string);
    await deliver(fake.event('customer.subscription.updated', subscription));
    const closed = await post(token, '/api/account/close', { password: 'Sup3r-secret' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(fake.subscriptions.get(subscription.id as string)?.status).toBe('canceled');
    expect(fake.received.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/subscriptions/${subscription.id}`,
    });
    const row = await findUserById(t.deps.database.db, user._id);
    expect(row?.subscriptionStatus).toBe('canceled');
    expect(row?.closedAt).toBeInstanceOf(Date);
  });

  it('maps every subscription state, and reads the subscription back so a late event cannot undo a newer one', async () => {
    const { user, subscription } = await checkedOut(fake.prices[1]!.id as string);
    const db = t.deps.database.db;
    const stale = { ...subscription, status: 'incomplete' };
    for (const [status, expected] of [
      ['trialing', 'trialing'],
      ['past_due', 'past_due'],
      ['unpaid', 'past_due'],
      ['incomplete', 'incomplete'],
      ['active', 'active'],
    ]) {
      fake.setStatus(subscription.id as string, status as string);
      // The event carries an old copy; the product asks Stripe for the current one.
      const delivered = await deliver(fake.event('customer.subscription.updated', stale));
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect((await findUserById(db, user._id))?.subscriptionStatus, status).toBe(expected);
    }
    expect((await findUserById(db, user._id))?.subscriptionPlan).toBe('Pro');
  });

  it('refuses a bad or stale signature with 400 and handles each event id once', async () => {
    const { subscription } = await checkedOut(fake.prices[0]!.id as string);
    const delivery = fake.event('customer.subscription.updated', subscription);
    const forged = await deliver({
      ...delivery,
      signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature does not match.');
    const old = Math.floor(Date.now() / 1000) - 301;
    const stale = await deliver({
      ...delivery,
      signature: delivery.signature.replace(/^t=\d+/, `t=${old}`),
    });
    expect(stale.statusCode).toBe(400);
    const tampered = await deliver({
      ...delivery,
      body: delivery.body.replace('"active"', '"canceled"'),
    });
    expect(tampered.statusCode).toBe(400);

    expect((await deliver(delivery)).json()).toMatchObject({ duplicate: false, applied: true });
    expect((await deliver(delivery)).json()).toMatchObject({ duplicate: true, applied: false });
  });

  it('records an event about a customer it does not know, and ignores events it has no use for', async () => {
    const stranger = { ...(await checkedOut(fake.prices[0]!.id as string)).subscription };
    stranger.customer = 'cus_unknown';
    stranger.metadata = {};
    fake.subscriptions.set(stranger.id as string, stranger);
    const answer = await deliver(fake.event('customer.subscription.updated', stranger));
    expect(answer.json()).toMatchObject({ applied: false });
    const [warning] = await t.deps.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.level, 'warning'),
          eq(
            auditLogs.message,
            'Stripe customer.subscription.updated for an unknown customer ignored',
          ),
        ),
      );
    expect(warning).toBeDefined();
    const other = await deliver(fake.event('payment_intent.created', { id: 'pi_1' }));
    expect(other.json()).toMatchObject({ applied: false, duplicate: false });
  });

  it('keeps money actions from a test session and says plainly what Stripe answered to an admin', async () => {
    const { user } = await checkedOut(fake.prices[0]!.id as string);
    const testing = await t.impersonate(admin.token, user._id);
    const portal = await post(testing, '/api/zoho/portal-url');
    expect(portal.statusCode).toBe(403);
    expect(portal.json().message).toBe(impersonationMessages.notAvailable);

    const fresh = await t.registerClient();
    const provisioned = await post(admin.token, `/api/zoho/provision/${fresh.user._id}`);
    expect(provisioned.statusCode, provisioned.body).toBe(200);
    expect(provisioned.json()).toMatchObject({
      message: 'Provisioned.',
      customerId: expect.stringMatching(/^cus_/),
    });
    expect((await post(admin.token, `/api/zoho/provision/${fresh.user._id}`)).json().message).toBe(
      'Already provisioned.',
    );
    // Stripe's own error reaches the admin: the customer was deleted in Stripe.
    fake.customers.clear();
    const failed = await post(admin.token, `/api/admin/billing/${fresh.user._id}/billing-portal`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(billingApiMessages.providerFailed);
  });
});
