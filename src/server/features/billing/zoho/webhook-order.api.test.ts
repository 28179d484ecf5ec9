import { describe, expect, it } from 'vitest';
import { findUserById } from '#server/domain/users/repository.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { buildZohoApp } from '#test/support/zoho-app.ts';
import { zohoWebhookMessages } from './webhook.ts';

// BILLING_PROVIDER=zoho: Zoho's events arrive late, twice, out of order and about
// subscriptions the client has since replaced. None of these may change the client's
// plan, status or subscription: what Zoho's API says at the time is what is applied.

const { t, fake, post, sendWebhook, checkedOut } = await buildZohoApp();
const db = t.deps.database.db;
const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });

type Subscription = Record<string, unknown>;
let sequence = 0;
/** An event as Zoho sends it, at `time` (Zoho writes event_time with a -0700 style offset). */
const zohoEvent = (type: string, subscription: Subscription, time: string) =>
  JSON.stringify({
    event_id: `order-${Date.now()}-${++sequence}`,
    event_type: type,
    event_time: time,
    data: { subscription },
  });

/** Zoho cancels the subscription now; what an event about it then reads back. */
function cancelInZoho(subscription: Subscription) {
  const cancelled = { ...subscription, status: 'cancelled' };
  fake.subscriptions.set(subscription.subscription_id as string, cancelled);
  return cancelled;
}

const subscriptionOf = async (userId: string) => {
  const row = await findUserById(db, userId);
  return {
    plan: row?.subscriptionPlan,
    status: row?.subscriptionStatus,
    subscriptionId: row?.zohoSubscriptionId,
  };
};

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
};

describe('zoho webhook: events in any order', () => {
  it('leaves a cancelled client cancelled when an older activation arrives late', async () => {
    const { token, user, subscription } = await checkedOut('basic-monthly');
    const id = subscription.subscription_id as string;
    const process = await createProcessFor(t, user._id);
    const activated = zohoEvent('subscription_activated', subscription, '2026-11-27T10:00:00+0000');
    expect((await sendWebhook(activated)).json()).toMatchObject({ applied: true });

    const cancelled = cancelInZoho(subscription);
    const cancellation = zohoEvent('subscription_cancelled', cancelled, '2026-11-27T10:05:00+0000');
    expect((await sendWebhook(cancellation)).json()).toMatchObject({ applied: true });
    expect(await subscriptionOf(user._id)).toEqual({
      plan: 'Basic',
      status: 'canceled',
      subscriptionId: id,
    });

    // An activation from before the cancellation, delivered now, even one naming Pro.
    const late = zohoEvent(
      'subscription_activated',
      { ...subscription, status: 'live', plan: { plan_code: 'pro-yearly', name: 'Pro Yearly' } },
      '2026-11-27T09:59:00+0000',
    );
    expect((await sendWebhook(late)).json()).toEqual({
      received: true,
      duplicate: false,
      applied: false,
    });
    expect(await subscriptionOf(user._id)).toEqual({
      plan: 'Basic',
      status: 'canceled',
      subscriptionId: id,
    });
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'cancelled',
    });
    const scheduled = await post(token, '/api/scheduler', {
      processId: process.id,
      cron: '0 * * * *',
    });
    expect(scheduled.statusCode).toBe(402);
  });

  it('handles an event delivered twice once, without asking Zoho the second time', async () => {
    const { user, subscription } = await checkedOut('pro-yearly');
    const activated = zohoEvent('subscription_activated', subscription, '2026-11-27T11:00:00+0000');
    expect((await sendWebhook(activated)).json()).toMatchObject({ applied: true });
    const calls = fake.received.length;
    expect((await sendWebhook(activated)).json()).toEqual({
      received: true,
      duplicate: true,
      applied: false,
    });
    expect(fake.received.length).toBe(calls);

    // After a cancellation, Zoho's retry of the old activation is still only a duplicate.
    const cancelled = cancelInZoho(subscription);
    await sendWebhook(zohoEvent('subscription_cancelled', cancelled, '2026-11-27T11:05:00+0000'));
    expect((await sendWebhook(activated)).json()).toMatchObject({ duplicate: true });
    expect(await subscriptionOf(user._id)).toMatchObject({ plan: 'Pro', status: 'canceled' });
  });

  it('keeps the live subscription when an event is about an old one', async () => {
    const { token, user, subscription: old } = await checkedOut('basic-monthly');
    const oldId = old.subscription_id as string;
    await sendWebhook(zohoEvent('subscription_activated', old, '2026-11-27T12:00:00+0000'));
    const cancelledOld = cancelInZoho({ ...old, created_time: '2026-11-01T09:00:00Z' });
    await sendWebhook(
      zohoEvent('subscription_cancelled', cancelledOld, '2026-11-27T12:05:00+0000'),
    );

    // The client subscribes again: Zoho makes a second subscription for the same customer.
    const selected = await post(token, '/api/zoho/select-package', { packageId: 'pro-yearly' });
    expect(selected.json().checkoutUrl).toMatch(/\/checkout$/);
    const pageId = /hostedpage\/([0-9a-f]+)\//.exec(selected.json().checkoutUrl)?.[1] ?? '';
    const live = fake.completeCheckout(pageId);
    const liveId = live.subscription_id as string;
    expect(liveId).not.toBe(oldId);
    await sendWebhook(zohoEvent('subscription_activated', live, '2026-11-27T12:10:00+0000'));
    const current = { plan: 'Pro', status: 'active', subscriptionId: liveId };
    expect(await subscriptionOf(user._id)).toEqual(current);

    // A newer attempt whose payment failed does not replace the live subscription either.
    const failed = {
      ...live,
      subscription_id: `${liveId}-failed`,
      status: 'creation_failed',
      created_time: new Date(Date.now() + 60_000).toISOString(),
    };
    fake.subscriptions.set(failed.subscription_id, failed);

    // Events about other subscriptions, late or new, in whatever state they claim.
    for (const [type, claimed] of [
      ['subscription_created', failed],
      ['subscription_cancelled', cancelledOld],
      ['subscription_expired', { ...cancelledOld, status: 'expired' }],
      ['subscription_activated', { ...old, status: 'live' }],
      ['subscription_reactivated', { ...old, status: 'live', customer_id: undefined }],
    ] as const) {
      const answer = await sendWebhook(zohoEvent(type, claimed, '2026-11-27T12:20:00+0000'));
      expect(answer.json(), type).toEqual({ received: true, duplicate: false, applied: false });
      expect(await subscriptionOf(user._id), type).toEqual(current);
    }
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });
  });

  it("reads Zoho again when the client's subscription changed while Zoho answered", async () => {
    const { user, subscription } = await checkedOut('basic-monthly');
    const id = subscription.subscription_id as string;
    await sendWebhook(
      zohoEvent('subscription_activated', subscription, '2026-11-27T13:00:00+0000'),
    );

    // A renewal's read of Zoho answers "live" slowly; meanwhile Zoho cancels and says so.
    const path = `/billing/v1/subscriptions/${id}`;
    fake.slowNextAnswer(path, 400);
    const from = fake.received.length;
    const renewal = sendWebhook(
      zohoEvent('subscription_renewed', subscription, '2026-11-27T13:01:00+0000'),
    );
    await until(() => fake.received.slice(from).some((r) => r.path === path));
    const cancelled = cancelInZoho(subscription);
    const cancellation = zohoEvent('subscription_cancelled', cancelled, '2026-11-27T13:02:00+0000');
    expect((await sendWebhook(cancellation)).json()).toMatchObject({ applied: true });

    // The renewal's stale "live" arrives after the cancellation was applied: Zoho is read again.
    expect((await renewal).json()).toEqual({ received: true, duplicate: false, applied: false });
    expect(await subscriptionOf(user._id)).toEqual({
      plan: 'Basic',
      status: 'canceled',
      subscriptionId: id,
    });
  });

  it('answers 502 while Zoho cannot be read, and applies the event when Zoho sends it again', async () => {
    const { user, subscription } = await checkedOut('basic-monthly');
    const activated = zohoEvent('subscription_activated', subscription, '2026-11-27T14:00:00+0000');
    fake.withoutScopes(true);
    try {
      const refused = await sendWebhook(activated);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(zohoWebhookMessages.unreadable);
    } finally {
      fake.withoutScopes(false);
    }
    expect(await subscriptionOf(user._id)).toMatchObject({ status: 'no_subscription' });
    expect((await sendWebhook(activated)).json()).toEqual({
      received: true,
      duplicate: false,
      applied: true,
    });
    expect(await subscriptionOf(user._id)).toMatchObject({ plan: 'Basic', status: 'active' });
  });
});
