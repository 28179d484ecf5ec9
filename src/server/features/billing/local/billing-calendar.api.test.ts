import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, outbox, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingToday } from '#shared/billing-dates.ts';
import {
  adminInvoices,
  anonymous,
  payNewestInvoice,
  subscribe,
  tokenOf,
} from '#test/support/billing.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// Local billing walked along the calendar (docs/decisions/014): a change of plan left
// unpaid never suspends the plan paid for, a renewal is due the day the paid period ends,
// and a renewal paid after the plan lapsed buys a period from that day, not one long over.

const t = await build();
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });
const DAY = 86_400_000;

/** A client on paid Basic Monthly whose paid period ends `daysLeft` days from now. */
async function basicClient(daysLeft: number) {
  const client = await t.registerClient();
  await subscribe(t, client.token, 'basic-monthly');
  const periodEnd = new Date(Date.now() + daysLeft * DAY);
  await db.update(users).set({ currentPeriodEnd: periodEnd }).where(eq(users.id, client.user._id));
  return { ...client, periodEnd };
}

async function portal(token: string) {
  const url = await t.injectAs(token, { method: 'POST', url: '/api/zoho/portal-url' });
  return tokenOf(url.json().url);
}

async function requestChange(token: string, packageId: string) {
  const link = await portal(token);
  const changed = await anonymous(t, 'POST', `/api/pay/sessions/${link}/change`, { packageId });
  expect(changed.statusCode, changed.body).toBe(200);
  return changed.json<{ message: string; redirectUrl: string }>();
}

async function portalAction(token: string, action: 'cancel' | 'resume') {
  const done = await anonymous(t, 'POST', `/api/pay/sessions/${await portal(token)}/${action}`);
  return { status: done.statusCode, body: done.json() };
}

describe('local billing over the calendar', () => {
  it('lets an unpaid change of plan expire, and the plan paid for runs on and renews', async () => {
    const { token, user, periodEnd } = await basicClient(25);
    await requestChange(token, 'pro-monthly');
    const [request] = await adminInvoices(t, admin.token, user._id);
    expect(request).toMatchObject({ kind: 'subscription', status: 'unpaid' });

    // Long past the request's due date plus grace, but within the period Basic was paid for.
    const later = new Date(Date.parse(request!.dueDate!) + (config.graceDays + 1) * DAY);
    expect(later.getTime()).toBeLessThan(periodEnd.getTime());
    const report = await runBillingCycle(db, config, later);
    expect(report.changeRequestsExpired).toBe(1);
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'Basic',
    });
    const voided = (await adminInvoices(t, admin.token, user._id)).find(
      (i) => i.id === request!.id,
    );
    expect(voided?.status).toBe('void');
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.kind, 'billing-plan')));
    expect(mails.map((m) => m.text).join('\n')).toContain(
      `Invoice ${request!.number} for your change of plan was not paid and is now void. Your Basic plan runs on until`,
    );
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user._id), eq(auditLogs.source, 'billing')));
    expect(entries.map((e) => e.message)).toContain(
      `Plan change request expired: invoice ${request!.number} unpaid ${config.graceDays} days after its due date, now void`,
    );

    // Basic renews for the period after the one paid for, due the day that period ends.
    await runBillingCycle(db, config, new Date(periodEnd.getTime() - DAY));
    const renewals = (await adminInvoices(t, admin.token, user._id)).filter(
      (i) => i.kind === 'renewal',
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      kind: 'renewal',
      status: 'unpaid',
      periodStart: periodEnd.toISOString(),
      dueDate: periodEnd.toISOString(),
    });
  });

  it('does not hold the renewal back while a change of plan is open', async () => {
    const { token, user, periodEnd } = await basicClient(3);
    await requestChange(token, 'pro-monthly');
    await runBillingCycle(db, config);
    const open = (await adminInvoices(t, admin.token, user._id)).filter(
      (i) => i.status === 'unpaid',
    );
    expect(open.map((i) => i.kind).sort()).toEqual(['renewal', 'subscription']);
    const renewal = open.find((i) => i.kind === 'renewal');
    expect(renewal?.dueDate).toBe(periodEnd.toISOString());
  });

  it('lapses a plan only on its renewal: past due the grace period after the paid period ends', async () => {
    const { user, periodEnd } = await basicClient(2);
    await runBillingCycle(db, config);
    const inGrace = new Date(periodEnd.getTime() + (config.graceDays - 1) * DAY);
    await runBillingCycle(db, config, inGrace);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('active');
    const after = new Date(periodEnd.getTime() + (config.graceDays + 1) * DAY);
    expect((await runBillingCycle(db, config, after)).pastDue).toBeGreaterThanOrEqual(1);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('past_due');
  });

  it('starts a new period on the day a renewal is paid after the plan lapsed', async () => {
    const { user } = await basicClient(-40);
    // The job was down: the renewal is issued late, still for the period it covers.
    await runBillingCycle(db, config);
    const [renewal] = await adminInvoices(t, admin.token, user._id);
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'unpaid' });
    expect(Date.parse(renewal!.periodEnd!)).toBeLessThan(Date.now());
    await runBillingCycle(db, config);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('past_due');

    await payNewestInvoice(t, admin.token, user._id, { paidOn: billingToday(config.timeZone) });
    const renewed = await findUserById(db, user._id);
    expect(renewed?.subscriptionStatus).toBe('active');
    // A month from the day the money came, not the month that ended while it was lapsed.
    const periodEnd = renewed?.currentPeriodEnd?.getTime() ?? 0;
    expect(periodEnd).toBeGreaterThan(Date.now() + 27 * DAY);
    const [paid] = await adminInvoices(t, admin.token, user._id);
    expect(paid).toMatchObject({
      status: 'paid',
      periodEnd: renewed?.currentPeriodEnd?.toISOString(),
    });
  });

  it('credits the unused part of the paid period on an upgrade, and starts Pro when paid', async () => {
    const { token, user, periodEnd } = await basicClient(15);
    await requestChange(token, 'pro-monthly');
    const [upgrade] = await adminInvoices(t, admin.token, user._id);
    const credit = upgrade!.items[1];
    expect(upgrade!.items[0]).toMatchObject({ amount: 7900 });
    expect(credit?.description).toMatch(/^Unused Basic Monthly, .+ to .+$/);
    // About half of Basic's month is left: about half of $29.00 comes off.
    expect(-credit!.amount).toBeGreaterThan(1200);
    expect(-credit!.amount).toBeLessThan(1700);
    expect(upgrade!.amount).toBe(7900 + credit!.amount);
    await payNewestInvoice(t, admin.token, user._id);
    const upgraded = await findUserById(db, user._id);
    expect(upgraded).toMatchObject({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
    expect(upgraded?.currentPeriodEnd?.getTime()).toBeGreaterThan(periodEnd.getTime());
  });

  it('moves a downgrade to the next renewal, which is for the smaller package', async () => {
    const client = await t.registerClient();
    await subscribe(t, client.token, 'pro-monthly');
    const periodEnd = new Date(Date.now() + 10 * DAY);
    await db
      .update(users)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(users.id, client.user._id));
    const scheduled = await requestChange(client.token, 'basic-monthly');
    expect(scheduled.redirectUrl).toBe('/billing?portal=scheduled');
    expect(scheduled.message).toMatch(
      /^Your plan changes to Basic Monthly when Pro Monthly renews on /,
    );
    expect(await findUserById(db, client.user._id)).toMatchObject({
      subscriptionPlan: 'Pro',
      scheduledPackageId: 'basic-monthly',
    });
    // No invoice until the renewal, which is for Basic.
    expect(await adminInvoices(t, admin.token, client.user._id)).toHaveLength(1);
    await runBillingCycle(db, config, new Date(periodEnd.getTime() - DAY));
    const [renewal] = await adminInvoices(t, admin.token, client.user._id);
    expect(renewal).toMatchObject({
      kind: 'renewal',
      amount: 2900,
      periodStart: periodEnd.toISOString(),
    });
    // Paid ahead: Pro was paid for until the period ends, and Basic starts with its own.
    await payNewestInvoice(t, admin.token, client.user._id);
    expect(await findUserById(db, client.user._id)).toMatchObject({
      subscriptionPlan: 'Pro',
      scheduledPackageId: 'basic-monthly',
    });
    await runBillingCycle(db, config, new Date(periodEnd.getTime() + 60_000));
    expect(await findUserById(db, client.user._id)).toMatchObject({
      subscriptionPlan: 'Basic',
      scheduledPackageId: null,
    });
  });

  it('ends a cancelled paid period at its end, not at once, and can be undone until then', async () => {
    const { token, user, periodEnd } = await basicClient(20);
    const cancelled = await portalAction(token, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.redirectUrl).toBe('/billing?portal=ending');
    expect(cancelled.body.message).toMatch(
      /^Your Basic plan runs until .+, then ends\. You can undo this until then\.$/,
    );
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
    });
    const session = await anonymous(t, 'GET', `/api/pay/sessions/${await portal(token)}`);
    expect(session.json().subscription).toMatchObject({ cancelAtPeriodEnd: true });
    expect((await portalAction(token, 'cancel')).status).toBe(409);

    // No renewal for a plan that ends; undone, it renews as before.
    await runBillingCycle(db, config, new Date(periodEnd.getTime() - DAY));
    expect(await adminInvoices(t, admin.token, user._id)).toHaveLength(1);
    const resumed = await portalAction(token, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.redirectUrl).toBe('/billing?portal=resumed');
    expect((await findUserById(db, user._id))?.cancelAtPeriodEnd).toBe(false);
    expect((await portalAction(token, 'resume')).status).toBe(409);

    // Cancelled again, the period's end ends it.
    expect((await portalAction(token, 'cancel')).status).toBe(200);
    const report = await runBillingCycle(db, config, new Date(periodEnd.getTime() + 1000));
    expect(report.periodsEnded).toBeGreaterThanOrEqual(1);
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });
  });
});
