import { afterAll, describe, expect, it, vi } from 'vitest';
import { issueSession } from '#server/auth/sessions.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import type { AdminInvoices } from '#shared/admin-invoices.ts';
import { anonymous, tokenOf } from '#test/support/billing.ts';
import { pdfText } from '#test/support/pdf-text.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// One client walked through a quarter of local billing (docs/decisions/027, 028): buy
// Basic, upgrade to Pro, downgrade, renew, cancel, undo, lapse and pay late. At each step
// the client has exactly the days paid for, and the books hold exactly the money owed and
// received, the same on the invoices, the PDF and the accountant's CSV.

vi.useFakeTimers({ toFake: ['Date'] });
afterAll(() => vi.useRealTimers());
const at = (iso: string) => vi.setSystemTime(new Date(iso));

at('2027-01-04T15:00:00Z');
const t = await build();
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);
const adminRow = (await t.createUser({ role: 'Admin' })).user;
const client = await t.registerClient({ companyName: 'Walker Supply' });
const clientId = client.user._id;
const clientRow = (await findUserById(db, clientId))!;

/** Sessions expire: a fresh one for whoever acts at the current fake time. */
const tokenOfUser = async (user: typeof adminRow) =>
  (await issueSession(db, t.deps.tokens, { user, ip: '203.0.113.9' })).token;
const asAdmin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(await tokenOfUser(adminRow), { method, url, payload });
const asClient = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(await tokenOfUser(clientRow), { method, url, payload });

async function books() {
  const listed = await asAdmin('GET', `/api/admin/billing/${clientId}/invoices`);
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<AdminInvoices>().invoices;
}

async function payNewest(paidOn: string) {
  const open = (await books()).find((invoice) => invoice.status === 'unpaid');
  if (!open) throw new Error('no open invoice');
  const paid = await asAdmin(
    'POST',
    `/api/admin/billing/${clientId}/invoices/${open.id}/payments`,
    {
      amountDollars: (open.amount - open.amountPaid) / 100,
      paidOn,
      method: 'ach',
      reference: `ACH ${paidOn}`,
    },
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return open;
}

async function portal(action: 'change' | 'cancel' | 'resume', payload?: object) {
  const url = (await asClient('POST', '/api/zoho/portal-url')).json<{ url: string }>().url;
  const done = await anonymous(t, 'POST', `/api/pay/sessions/${tokenOf(url)}/${action}`, payload);
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ message: string }>();
}

const state = async () => {
  const row = await findUserById(db, clientId);
  return {
    plan: row?.subscriptionPlan,
    status: row?.subscriptionStatus,
    until: row?.currentPeriodEnd?.toISOString(),
  };
};

describe('a quarter of local billing, walked day by day', () => {
  it('gives the days paid for and books the money owed and received', async () => {
    // January 4: Basic Monthly, paid the same day: a month from then.
    const chosen = await asClient('POST', '/api/zoho/select-package', {
      packageId: 'basic-monthly',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await payNewest('2027-01-04');
    expect(await state()).toEqual({
      plan: 'Basic',
      status: 'active',
      until: '2027-02-04T15:00:00.000Z',
    });

    // January 20: upgrade to Pro; the 15 unused days of Basic's 31 come off, paid that day.
    at('2027-01-20T15:00:00Z');
    await portal('change', { packageId: 'pro-monthly' });
    const upgrade = await payNewest('2027-01-20');
    const credit = Math.round((2900 * 15) / 31);
    expect(upgrade.items.map((item) => item.amount)).toEqual([7900, -credit]);
    expect(upgrade.amount).toBe(7900 - credit);
    expect(await state()).toEqual({
      plan: 'Pro',
      status: 'active',
      until: '2027-02-20T15:00:00.000Z',
    });

    // February 1: a downgrade waits for the renewal.
    at('2027-02-01T15:00:00Z');
    await portal('change', { packageId: 'basic-monthly' });
    expect((await state()).plan).toBe('Pro');

    // February 14: the renewal is for Basic from February 20; paid ahead, Pro runs on.
    at('2027-02-14T15:00:00Z');
    await runBillingCycle(db, config);
    const renewal = await payNewest('2027-02-14');
    expect(renewal).toMatchObject({ kind: 'renewal', amount: 2900 });
    expect(renewal.periodStart).toBe('2027-02-20T15:00:00.000Z');
    expect(await state()).toEqual({
      plan: 'Pro',
      status: 'active',
      until: '2027-03-20T15:00:00.000Z',
    });

    // February 21: Basic from the day its period began.
    at('2027-02-21T15:00:00Z');
    expect((await runBillingCycle(db, config)).packagesStarted).toBe(1);
    expect((await state()).plan).toBe('Basic');

    // March 14: the next renewal is issued, then the client cancels and, a day later,
    // changes their mind: the same renewal is due again.
    at('2027-03-14T15:00:00Z');
    await runBillingCycle(db, config);
    const [march] = await books();
    expect(march).toMatchObject({ kind: 'renewal', status: 'unpaid', amount: 2900 });
    expect((await portal('cancel')).message).toMatch(/runs until Mar 20, 2027, then ends/);
    expect((await books())[0]?.status).toBe('void');
    at('2027-03-15T15:00:00Z');
    await portal('resume');
    expect((await books())[0]).toMatchObject({ id: march!.id, status: 'unpaid' });

    // March 28: unpaid a week after the period ended (March 20): the plan lapses.
    at('2027-03-28T15:00:00Z');
    await runBillingCycle(db, config);
    expect((await state()).status).toBe('past_due');

    // April 2: paid late, it buys a month from the day the money came, not the lapsed one.
    at('2027-04-02T15:00:00Z');
    await payNewest('2027-04-02');
    expect(await state()).toEqual({
      plan: 'Basic',
      status: 'active',
      // April 2 starts at 05:00 UTC in Chicago (daylight time), after the March issue.
      until: '2027-05-02T05:00:00.000Z',
    });
    const final = await books();
    expect(final[0]).toMatchObject({ status: 'paid', periodStart: '2027-04-02T05:00:00.000Z' });

    // Owed and received agree: every invoice is paid in full, nothing more came.
    const invoiced = final.reduce((sum, invoice) => sum + invoice.amount, 0);
    const received = final.flatMap((invoice) => invoice.payments).reduce((s, p) => s + p.amount, 0);
    expect(final.every((invoice) => invoice.status === 'paid')).toBe(true);
    expect(received).toBe(invoiced);
    expect(invoiced).toBe(2900 + 7900 - credit + 2900 + 2900);

    // The PDF of the late renewal names the day the money came, in the billing zone.
    const pdf = await asClient('GET', `/api/invoices/${march!.id}/pdf`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Paid April 2, 2027');
    expect(text).toContain('Walker Supply');

    // The accountant's quarter: four invoices issued and three payments received in Q1.
    const csv = await asAdmin('GET', '/api/admin/books.csv?from=2027-01-01&to=2027-03-31');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\n').slice(1);
    const kinds = lines.map((line) => line.split(',')[1]);
    expect(kinds.filter((kind) => kind === 'Invoice')).toHaveLength(4);
    expect(kinds.filter((kind) => kind === 'Payment')).toHaveLength(3);
    expect(csv.body).toContain(((7900 - credit) / 100).toFixed(2));
    expect(csv.body).not.toContain('2027-04-02');
  });
});
