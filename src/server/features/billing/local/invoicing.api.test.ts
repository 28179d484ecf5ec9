import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, invoices, outbox, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingMessages } from '#shared/billing.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { dayKeyIn } from '#shared/dates.ts';
import { invoicingMessages } from '#shared/invoicing.ts';
import {
  adminInvoices,
  choosePackage,
  payNewestInvoice,
  subscribe,
} from '#test/support/billing.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// Local invoicing from the admin's side (docs/decisions/014-local-invoicing.md): recording
// payments, granting trials, billing hours, and the billing cycle that renews, lapses and
// ends trials on its own.

const t = await build();
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin', name: 'Avery Admin' });
const DAY = 86_400_000;
/** Today as billing counts days: in the billing zone (BILLING_TIME_ZONE). */
const today = () => billingToday(config.timeZone);
/** A day that does not exist within the coming year, such as 2027-04-31. */
function thirtyFirstOfAShortMonth() {
  for (let ahead = 1; ; ahead++) {
    const month = new Date();
    month.setUTCDate(1);
    month.setUTCMonth(month.getUTCMonth() + ahead);
    const key = `${month.toISOString().slice(0, 8)}31`;
    if (new Date(`${key}T00:00:00Z`).getUTCDate() !== 31) return key;
  }
}

const post = (token: string, url: string, payload?: object) =>
  t.injectAs(token, { method: 'POST', url, ...(payload && { payload }) });
const paymentsUrl = (clientId: string, invoiceId: string) =>
  `/api/admin/billing/${clientId}/invoices/${invoiceId}/payments`;

async function openInvoice(clientToken: string, clientId: string, packageId = 'pro-monthly') {
  await choosePackage(t, clientToken, packageId);
  const [invoice] = await adminInvoices(t, admin.token, clientId);
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

describe('recording payments', () => {
  it('takes part payments, then the payment in full starts the plan; all on record', async () => {
    const { token, user } = await t.registerClient();
    const invoice = await openInvoice(token, user._id);
    expect(invoice).toMatchObject({ kind: 'subscription', amount: 7900, amountPaid: 0 });

    const part = await post(admin.token, paymentsUrl(user._id, invoice.id), {
      amountDollars: 29.5,
      paidOn: today(),
      method: 'check',
      reference: 'Check 1042',
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().message).toBe(`Payment recorded. $49.50 is still due on ${invoice.number}.`);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('incomplete');

    const over = await post(admin.token, paymentsUrl(user._id, invoice.id), {
      amountDollars: 50,
      paidOn: today(),
      method: 'ach',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ amountDollars: invoicingMessages.amountOver('$49.50') });

    const rest = await post(admin.token, paymentsUrl(user._id, invoice.id), {
      amountDollars: 49.5,
      paidOn: today(),
      method: 'ach',
      reference: 'ACH trace 0211',
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().message).toMatch(
      new RegExp(`^Payment recorded\\. ${invoice.number} is paid; Pro Monthly active until `),
    );
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionPlan: 'Pro',
      subscriptionStatus: 'active',
      billingStatus: 'active',
    });

    const [paid] = await adminInvoices(t, admin.token, user._id);
    expect(paid).toMatchObject({ status: 'paid', amountPaid: 7900 });
    expect(paid?.payments).toEqual([
      expect.objectContaining({ amount: 2950, method: 'check', reference: 'Check 1042' }),
      expect.objectContaining({ amount: 4950, method: 'ach', recordedBy: 'Avery Admin' }),
    ]);
    expect(Date.parse(paid?.periodEnd ?? '') - Date.parse(paid?.periodStart ?? '')).toBeGreaterThan(
      27 * DAY,
    );
    const settled = await post(admin.token, paymentsUrl(user._id, invoice.id), {
      amountDollars: 1,
      paidOn: today(),
      method: 'ach',
    });
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toBe(invoicingMessages.invoiceSettled);

    // The client was told at each step (billing mails go to every plan); the welcome mail
    // that asks to verify the address is not billing's.
    const mails = (await db.select().from(outbox).where(eq(outbox.to, user.email))).filter((m) =>
      m.kind.startsWith('billing-'),
    );
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'billing-invoice',
      'billing-payment',
      'billing-payment',
      'billing-plan',
    ]);
    const issued = mails.find((m) => m.kind === 'billing-invoice');
    expect(issued?.subject).toBe(`Invoice ${invoice.number} for $79.00`);
    expect(issued?.text).toContain(`Please quote ${invoice.number} with your payment.`);
    expect(issued?.text).toContain('/billing');
    expect(mails.find((m) => m.text.includes('$49.50 is still due'))).toBeDefined();

    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user._id), eq(auditLogs.actorId, admin.user.id)));
    expect(entries.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        `Payment of $29.50 by Check recorded for invoice ${invoice.number}`,
        `Payment of $49.50 by ACH transfer recorded for invoice ${invoice.number}`,
      ]),
    );
  });

  it('checks every field with the shared messages, and never touches another client', async () => {
    const { token, user } = await t.registerClient();
    const invoice = await openInvoice(token, user._id);
    const url = paymentsUrl(user._id, invoice.id);
    const base = { amountDollars: 10, paidOn: today(), method: 'ach' };
    // The server counts days in UTC: tomorrow there has not come anywhere in the US yet.
    const tomorrow = dayKeyIn(Date.now() + DAY, config.timeZone);
    const cases: [object, string, string][] = [
      [{ amountDollars: 0 }, 'amountDollars', invoicingMessages.amount],
      [{ amountDollars: 10.005 }, 'amountDollars', invoicingMessages.amount],
      [{ amountDollars: '10' }, 'amountDollars', invoicingMessages.amount],
      [{ paidOn: tomorrow }, 'paidOn', invoicingMessages.date],
      [{ paidOn: '2026-02-30x' }, 'paidOn', invoicingMessages.date],
      [{ paidOn: '2026-02-31' }, 'paidOn', invoicingMessages.date],
      [{ paidOn: '2025-13-01' }, 'paidOn', invoicingMessages.date],
      [{ method: 'bitcoin' }, 'method', invoicingMessages.method],
      [{ reference: 'x'.repeat(101) }, 'reference', invoicingMessages.reference],
      [
        { reference: 'Check\n1042' },
        'reference',
        'Reference contains characters that are not allowed.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await post(admin.token, url, { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors?.[field], JSON.stringify(change)).toBe(message);
    }
    const nul = await post(admin.token, url, { ...base, reference: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);

    const other = await t.registerClient();
    expect(
      (await post(admin.token, paymentsUrl(other.user._id, invoice.id), base)).statusCode,
    ).toBe(404);
    expect((await post(admin.token, paymentsUrl(user._id, 'not-a-uuid'), base)).statusCode).toBe(
      400,
    );
    // Clients, and an admin testing as the client, cannot record payments.
    expect((await post(token, url, base)).statusCode).toBe(403);
    const testing = await t.impersonate(admin.token, user._id);
    expect((await post(testing, url, base)).statusCode).toBe(403);
    const [unchanged] = await adminInvoices(t, admin.token, user._id);
    expect(unchanged).toMatchObject({ amountPaid: 0, payments: [] });
  });
});

describe('trials and hours', () => {
  it('grants a trial until a date; the billing cycle ends it and runs stop', async () => {
    const { token, user } = await t.registerClient();
    const process = await createProcessFor(t, user._id);
    const endsOn = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    for (const [body, message] of [
      [{ plan: 'Trial', endsOn }, invoicingMessages.trialPlan],
      [{ plan: 'Pro', endsOn: today() }, invoicingMessages.trialEnd],
      [{ plan: 'Pro', endsOn: '2099-01-01' }, invoicingMessages.trialEnd],
      [{ plan: 'Pro', endsOn: thirtyFirstOfAShortMonth() }, invoicingMessages.trialEnd],
    ] as const) {
      const refused = await post(admin.token, `/api/admin/billing/${user._id}/trial`, body);
      expect(refused.statusCode).toBe(400);
      expect(Object.values(refused.json().errors)).toContain(message);
    }
    const granted = await post(admin.token, `/api/admin/billing/${user._id}/trial`, {
      plan: 'Pro',
      endsOn,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().message).toMatch(/^Trial of Pro granted until /);
    const row = await findUserById(db, user._id);
    expect(row).toMatchObject({ subscriptionPlan: 'Pro', subscriptionStatus: 'trialing' });
    expect(row?.currentPeriodEnd?.toISOString()).toBe(
      new Date(Date.parse(`${endsOn}T00:00:00Z`) + DAY).toISOString(),
    );
    const schedule = () =>
      post(token, '/api/scheduler', { processId: process.id, cron: '0 * * * *' });
    expect((await schedule()).statusCode).toBe(201);

    await runBillingCycle(db, config, new Date(Date.now() + 12 * DAY));
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionPlan: 'Trial',
      subscriptionStatus: 'no_subscription',
      billingStatus: 'pending',
    });
    // Back on the Trial plan the scheduler is gone (403), and a manual run needs a plan (402).
    expect((await schedule()).statusCode).toBe(403);
    await db
      .update(users)
      .set({ entitlements: { manualTrigger: true } })
      .where(eq(users.id, user._id));
    const refused = await t.injectAs(token, {
      method: 'POST',
      url: `/api/n8n/trigger/${process.id}`,
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(billingMessages.inactiveServer);
  });

  it("bills hours at the client's rate, due on the client's terms", async () => {
    const { user } = await t.registerClient();
    const bill = () =>
      post(admin.token, `/api/admin/billing/${user._id}/invoices`, {
        hours: 2.5,
        description: 'Workflow review',
      });
    const noRate = await bill();
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toBe(invoicingMessages.noHourlyRate);
    await db
      .update(users)
      .set({ billingPrefs: { hourlyRateCents: 15000, defaultDueDays: 30 } })
      .where(eq(users.id, user._id));
    const issued = await bill();
    expect(issued.statusCode).toBe(201);
    const [invoice] = await adminInvoices(t, admin.token, user._id);
    expect(invoice).toMatchObject({
      kind: 'hours',
      amount: 37500,
      items: [
        {
          description: 'Workflow review (2.5 h at $150.00/h)',
          quantity: 2.5,
          unitAmount: 15000,
          amount: 37500,
        },
      ],
    });
    expect((Date.parse(invoice?.dueDate ?? '') - Date.parse(invoice?.date ?? '')) / DAY).toBe(30);
    const odd = await post(admin.token, `/api/admin/billing/${user._id}/invoices`, {
      hours: 0.1,
      description: 'x',
    });
    expect(odd.json().errors).toEqual({ hours: invoicingMessages.hours });
    // 1,000 h at the highest rate the presets take is more than one invoice may hold: said
    // on the field, never a failed write.
    await db
      .update(users)
      .set({ billingPrefs: { hourlyRateCents: 10_000_000, defaultDueDays: 30 } })
      .where(eq(users.id, user._id));
    const huge = await post(admin.token, `/api/admin/billing/${user._id}/invoices`, {
      hours: 1000,
      description: 'A very large project',
    });
    expect(huge.statusCode).toBe(400);
    const most = invoicingMessages.hoursTotal('$10,000,000.00', '$100,000.00');
    expect(huge.json()).toMatchObject({ message: most, errors: { hours: most } });
    expect(await adminInvoices(t, admin.token, user._id)).toHaveLength(1);
    // Paying an hours invoice settles it and leaves the plan alone.
    await payNewestInvoice(t, admin.token, user._id);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('no_subscription');
  });
});

describe('the billing cycle', () => {
  it('issues the renewal ahead of the period end, once, even with two instances at it', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const periodEnd = new Date(Date.now() + 3 * DAY);
    await db.update(users).set({ currentPeriodEnd: periodEnd }).where(eq(users.id, user._id));

    await Promise.all([runBillingCycle(db, config), runBillingCycle(db, config)]);
    await runBillingCycle(db, config);
    const [renewal, first] = await adminInvoices(t, admin.token, user._id);
    expect(first).toMatchObject({ status: 'paid' });
    expect(renewal).toMatchObject({
      kind: 'renewal',
      status: 'unpaid',
      amount: 2900,
      periodStart: periodEnd.toISOString(),
    });
    expect(renewal?.items[0]?.description).toMatch(/^Basic Monthly renewal, /);
    expect(
      (await db.select().from(invoices).where(eq(invoices.clientUserId, user._id))).length,
    ).toBe(2);

    // Paid, it renews for the period it was issued for.
    await payNewestInvoice(t, admin.token, user._id);
    const renewed = await findUserById(db, user._id);
    expect(renewed?.currentPeriodEnd?.toISOString()).toBe(renewal?.periodEnd);
    expect(renewed?.subscriptionStatus).toBe('active');
  });

  it('turns a subscription past due after due date plus grace, and runs answer 402 at once', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const process = await createProcessFor(t, user._id);
    await db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() + DAY), entitlements: { manualTrigger: true } })
      .where(eq(users.id, user._id));
    await runBillingCycle(db, config);
    // Due the day the paid period ends; within the grace period after it, it still runs.
    await runBillingCycle(db, config, new Date(Date.now() + (1 + config.graceDays - 1) * DAY));
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('active');

    const report = await runBillingCycle(
      db,
      config,
      new Date(Date.now() + (1 + config.graceDays + 1) * DAY),
    );
    expect(report.pastDue).toBeGreaterThanOrEqual(1);
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionStatus: 'past_due',
      billingStatus: 'past_due',
    });
    const trigger = await t.injectAs(token, {
      method: 'POST',
      url: `/api/n8n/trigger/${process.id}`,
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(trigger.statusCode).toBe(402);
    const schedule = await post(token, '/api/scheduler', {
      processId: process.id,
      cron: '0 * * * *',
    });
    expect(schedule.statusCode).toBe(402);
    const [warning] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user._id), eq(auditLogs.level, 'warning')));
    expect(warning?.message).toMatch(
      /^Invoice INV-\d{6} unpaid 7 days after its due date: subscription past due$/,
    );

    const [overdue] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.kind, 'billing-overdue')));
    expect(overdue?.subject).toBe('Payment overdue: your workflows are paused');

    // The payment arriving late brings the plan back.
    await payNewestInvoice(t, admin.token, user._id);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('active');
  });
});
