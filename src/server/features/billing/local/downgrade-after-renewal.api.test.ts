import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import {
  adminInvoices,
  anonymous,
  payNewestInvoice,
  subscribe,
  tokenOf,
} from '#test/support/billing.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// A downgrade asked for after the renewal of the next period went out (docs/decisions/027):
// that renewal goes void, and the renewal for the lower package takes its place for the
// same period. A void renewal must not hold the period's renewal back, or the plan would
// run on unpaid for ever, never renewed and never lapsed.

const t = await build();
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });
const DAY = 86_400_000;
const HOUR = 3_600_000;

async function portalAction(token: string, action: string, payload?: object) {
  const url = await t.injectAs(token, { method: 'POST', url: '/api/zoho/portal-url' });
  const link = tokenOf(url.json().url);
  const done = await anonymous(t, 'POST', `/api/pay/sessions/${link}/${action}`, payload);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ message: string }>();
}

/**
 * A client on paid Pro Monthly whose period ends in three days: the Pro renewal has been
 * issued, then the client asks for Basic.
 */
async function downgradedAfterRenewal() {
  const client = await t.registerClient();
  await subscribe(t, client.token, 'pro-monthly');
  const periodEnd = new Date(Date.now() + 3 * DAY);
  await db.update(users).set({ currentPeriodEnd: periodEnd }).where(eq(users.id, client.user._id));
  await runBillingCycle(db, config);
  const [proRenewal] = await adminInvoices(t, admin.token, client.user._id);
  expect(proRenewal).toMatchObject({ kind: 'renewal', status: 'unpaid', amount: 7900 });
  await portalAction(client.token, 'change', { packageId: 'basic-monthly' });
  return { ...client, id: client.user._id, periodEnd, proRenewal: proRenewal! };
}

const renewalsOf = async (clientId: string) =>
  (await adminInvoices(t, admin.token, clientId)).filter((i) => i.kind === 'renewal');

describe('a downgrade after the renewal was issued', () => {
  it('voids the renewal, renews the same period for the lower package, and moves on payment', async () => {
    const { id, periodEnd, proRenewal } = await downgradedAfterRenewal();
    expect((await renewalsOf(id)).map((i) => [i.id, i.status])).toEqual([[proRenewal.id, 'void']]);

    await runBillingCycle(db, config);
    const [basic, pro] = await renewalsOf(id);
    expect(pro).toMatchObject({ id: proRenewal.id, status: 'void' });
    expect(basic).toMatchObject({
      status: 'unpaid',
      amount: 2900,
      periodStart: periodEnd.toISOString(),
      dueDate: periodEnd.toISOString(),
    });
    expect(basic?.items[0]?.description).toMatch(/^Basic Monthly renewal/);

    // Paid ahead: Pro runs to the end of its period, Basic from the start of the next.
    await payNewestInvoice(t, admin.token, id);
    await runBillingCycle(db, config, new Date(periodEnd.getTime() - HOUR));
    expect(await findUserById(db, id)).toMatchObject({
      subscriptionPlan: 'Pro',
      subscriptionStatus: 'active',
    });
    const started = await runBillingCycle(db, config, new Date(periodEnd.getTime() + HOUR));
    expect(started.packagesStarted).toBeGreaterThanOrEqual(1);
    const moved = await findUserById(db, id);
    expect(moved).toMatchObject({
      subscriptionPlan: 'Basic',
      subscriptionStatus: 'active',
      scheduledPackageId: null,
    });
    expect(moved?.currentPeriodEnd?.getTime()).toBe(Date.parse(basic!.periodEnd!));
  });

  it('lapses the plan as usual when the lower package is not paid', async () => {
    const { id, periodEnd } = await downgradedAfterRenewal();
    await runBillingCycle(db, config);
    const inGrace = new Date(periodEnd.getTime() + (config.graceDays - 1) * DAY);
    await runBillingCycle(db, config, inGrace);
    expect((await findUserById(db, id))?.subscriptionStatus).toBe('active');

    await runBillingCycle(db, config, new Date(periodEnd.getTime() + (config.graceDays + 1) * DAY));
    expect((await findUserById(db, id))?.subscriptionStatus).toBe('past_due');
    const renewals = await renewalsOf(id);
    expect(renewals.map((i) => [i.amount, i.status])).toEqual([
      [2900, 'unpaid'],
      [7900, 'void'],
    ]);
  });

  it('reopens one renewal when a cancellation is undone, and none is issued beside it', async () => {
    const { id, token, proRenewal } = await downgradedAfterRenewal();
    await runBillingCycle(db, config);
    await portalAction(token, 'cancel');
    expect((await renewalsOf(id)).every((i) => i.status === 'void')).toBe(true);

    // Cancelling dropped the downgrade: Pro renews, on the renewal issued for it.
    expect((await portalAction(token, 'resume')).message).toMatch(/Your Pro plan goes on/);
    const open = async () => (await renewalsOf(id)).filter((i) => i.status === 'unpaid');
    expect((await open()).map((i) => i.id)).toEqual([proRenewal.id]);
    expect((await findUserById(db, id))?.scheduledPackageId).toBeNull();

    await runBillingCycle(db, config);
    expect((await open()).map((i) => i.id)).toEqual([proRenewal.id]);
    expect(await renewalsOf(id)).toHaveLength(2);
  });

  it('issues one renewal when two billing cycles run at once', async () => {
    const { id } = await downgradedAfterRenewal();
    await Promise.all([runBillingCycle(db, config), runBillingCycle(db, config)]);
    const live = (await renewalsOf(id)).filter((i) => i.status !== 'void');
    expect(live.map((i) => [i.amount, i.status])).toEqual([[2900, 'unpaid']]);
  });

  it('keeps one live renewal per client and period in the database, voided ones aside', async () => {
    const { id, periodEnd } = await downgradedAfterRenewal();
    const renewal = (n: string, status: 'void' | 'unpaid') => ({
      number: `TEST-${n}-${id}`,
      clientUserId: id,
      description: 'Renewal',
      status,
      amount: 100,
      kind: 'renewal' as const,
      periodStart: periodEnd,
    });
    await db.insert(invoices).values(renewal('a', 'void'));
    await db.insert(invoices).values(renewal('b', 'unpaid'));
    await expect(db.insert(invoices).values(renewal('c', 'unpaid'))).rejects.toThrow();
  });
});
