import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import type { AdminInvoice, AdminInvoices } from '#shared/admin-invoices.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { billingToday } from '#shared/billing-dates.ts';
import {
  adminInvoices,
  anonymous,
  choosePackage,
  payNewestInvoice,
  subscribe,
  tokenOf,
} from '#test/support/billing.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// A client who chose the wrong package corrects it before paying (docs/decisions/031):
// another package replaces the unpaid plan invoice (void, with its reason, audited as the
// client), the same package chosen twice changes nothing, money on the invoice keeps it,
// and two choices at once leave one invoice open and the books balanced.

const t = await build();
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });

const select = (token: string, packageId: string) =>
  t.injectAs(token, { method: 'POST', url: '/api/zoho/select-package', payload: { packageId } });
const base = (clientId: string) => `/api/admin/billing/${clientId}`;
const asAdmin = (url: string, payload: object) =>
  t.injectAs(admin.token, { method: 'POST', url, payload });

/** The client's invoices, newest first, and the plan invoices still open. */
async function books(clientId: string) {
  const invoices = await adminInvoices(t, admin.token, clientId);
  return { invoices, open: invoices.filter((row) => row.status === 'unpaid') };
}

/** The package an invoice is for, by its first line ("Pro Monthly subscription, …"). */
const packageOf = (row: { items: { description: string }[] }) =>
  row.items[0]?.description.split(' subscription')[0];

const billingAudits = async (clientId: string) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, clientId), eq(auditLogs.source, 'billing')));

describe('choosing another package before paying', () => {
  it('voids the open invoice, audited as the client, and issues one for the new package', async () => {
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'basic-monthly');
    const [first] = (await books(user._id)).open;

    const switched = await select(token, 'pro-monthly');
    expect(switched.statusCode, switched.body).toBe(200);
    const { invoices, open } = await books(user._id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ amount: 7900 });
    expect(packageOf(open[0]!)).toBe('Pro Monthly');
    // The new invoice's page is where the browser goes.
    const page = await anonymous(
      t,
      'GET',
      `/api/pay/sessions/${tokenOf(switched.json().checkoutUrl)}`,
    );
    expect(page.json().invoice).toMatchObject({ id: open[0]!.id });
    expect(invoices.find((row) => row.id === first!.id)).toMatchObject({
      status: 'void',
      voidReason: 'Replaced by a plan change to Pro Monthly',
      payments: [],
    });
    // Still waiting for a payment: the new invoice is pending, not the plan.
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionStatus: 'incomplete',
      subscriptionPlan: 'Trial',
    });
    // The client reads why on their own list.
    const mine = await t.injectAs(token, { method: 'GET', url: '/api/zoho/invoices' });
    expect(mine.json().map((row: { status: string }) => row.status)).toEqual(['unpaid', 'void']);

    const audits = await billingAudits(user._id);
    const voided = audits.find((row) => row.message.includes(`${first!.number} ($29.00) voided`));
    expect(voided).toMatchObject({
      actorId: user._id,
      message: `Invoice ${first!.number} ($29.00) voided: Replaced by a plan change to Pro Monthly`,
      details: expect.objectContaining({ invoiceId: first!.id, replacedBy: 'pro-monthly' }),
    });
    expect(audits.map((row) => row.message)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Pro Monthly chosen, replacing invoice ${first!.number}; invoice INV-\\d{6} issued for \\$79\\.00, due `,
        ),
      ),
    );
  });

  it('changes nothing when the same package is chosen twice', async () => {
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'basic-yearly');
    const before = await books(user._id);
    const auditsBefore = (await billingAudits(user._id)).length;
    const again = await select(token, 'basic-yearly');
    expect(again.statusCode, again.body).toBe(200);
    const page = await anonymous(
      t,
      'GET',
      `/api/pay/sessions/${tokenOf(again.json().checkoutUrl)}`,
    );
    expect(page.json().invoice.id).toBe(before.open[0]!.id);
    // Signed PDF links are minted per listing: compare what the invoices say.
    const said = (rows: typeof before.invoices) => rows.map(({ pdfUrl: _, ...row }) => row);
    expect(said((await books(user._id)).invoices)).toEqual(said(before.invoices));
    expect(await billingAudits(user._id)).toHaveLength(auditsBefore);
  });

  it('keeps an invoice with a payment recorded on it, even a reversed one, and says what to do', async () => {
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'basic-monthly');
    const [invoice] = (await books(user._id)).open;
    const part = await asAdmin(`${base(user._id)}/invoices/${invoice!.id}/payments`, {
      amountDollars: 10,
      paidOn: billingToday(config.timeZone),
      method: 'check',
    });
    expect(part.statusCode, part.body).toBe(200);

    const refused = await select(token, 'pro-monthly');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(billingApiMessages.planInvoicePartPaid(invoice!.number));
    expect(refused.json().message).toMatch(/Pay what is still due .* or contact us/);
    // The same package still shows the invoice waiting, and the portal says it stays.
    expect((await select(token, 'basic-monthly')).statusCode).toBe(200);
    const portal = (
      await t.injectAs(token, { method: 'POST', url: '/api/zoho/portal-url' })
    ).json();
    const shown = await anonymous(t, 'GET', `/api/pay/sessions/${tokenOf(portal.url)}`);
    expect(shown.json().invoice).toMatchObject({ id: invoice!.id, replaceable: false });

    // Money came back: the payment's row stays on the invoice, so it is still not replaced.
    const [{ payments }] = (await books(user._id)).open as [AdminInvoice];
    const reversed = await asAdmin(
      `${base(user._id)}/invoices/${invoice!.id}/payments/${payments[0]!.id}/reverse`,
      { reversedOn: billingToday(config.timeZone), reason: 'Check bounced' },
    );
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await select(token, 'pro-monthly')).statusCode).toBe(409);
    const { invoices, open } = await books(user._id);
    expect(invoices).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: invoice!.id, amountPaid: 0 });
  });

  it('leaves one open invoice when two switches arrive at once', async () => {
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'basic-monthly');
    const both = await Promise.all([select(token, 'pro-monthly'), select(token, 'pro-yearly')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const { invoices, open } = await books(user._id);
    expect(open).toHaveLength(1);
    expect(invoices).toHaveLength(3);
    expect(invoices.filter((row) => row.status === 'void')).toHaveLength(2);
    // The last to run won: its invoice is the one open, the other's is void.
    expect(['Pro Monthly', 'Pro Yearly']).toContain(packageOf(open[0]!));

    // From nothing, two choices at once: one invoice open as well.
    const fresh = await t.registerClient();
    await Promise.all([select(fresh.token, 'basic-monthly'), select(fresh.token, 'basic-yearly')]);
    expect((await books(fresh.user._id)).open).toHaveLength(1);
  });

  it('keeps the books balanced: paying the new invoice starts its plan, nothing owed or held', async () => {
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'pro-yearly');
    await choosePackage(t, token, 'basic-monthly');
    await payNewestInvoice(t, admin.token, user._id);
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionPlan: 'Basic',
      subscriptionStatus: 'active',
    });
    const listed = await t.injectAs(admin.token, {
      method: 'GET',
      url: `${base(user._id)}/invoices`,
    });
    const answer = listed.json<AdminInvoices>();
    const counted = answer.invoices.filter((row) => row.status !== 'void');
    const invoiced = counted.reduce((sum, row) => sum + row.amount, 0);
    const received = answer.invoices
      .flatMap((row) => row.payments)
      .reduce((sum, payment) => sum + payment.amount, 0);
    expect(invoiced).toBe(2900);
    expect(received).toBe(invoiced);
    expect(answer.accountCreditCents).toBe(0);
    expect(answer.invoices.map((row) => row.status)).toEqual(['paid', 'void']);

    // The accountant's export shows both invoices: the replaced one void, with no money.
    const today = billingToday(config.timeZone);
    const csv = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/books.csv?from=${today}&to=${today}`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.split('\r\n').filter((line) => line.includes(user.email));
    const voidRow = rows.find((line) => line.includes(answer.invoices[1]!.number));
    expect(voidRow).toMatch(/,void,/);
    expect(rows.filter((line) => line.split(',')[1] === 'Payment')).toHaveLength(1);
  });

  it('replaces a change of plan asked for in the portal the same way', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const portal = async () =>
      tokenOf(
        (await t.injectAs(token, { method: 'POST', url: '/api/zoho/portal-url' })).json().url,
      );
    const change = async (packageId: string) =>
      anonymous(t, 'POST', `/api/pay/sessions/${await portal()}/change`, { packageId });

    expect((await change('pro-yearly')).statusCode).toBe(200);
    const [request] = (await books(user._id)).open;
    // The portal says the waiting request may still be replaced.
    const shown = await anonymous(t, 'GET', `/api/pay/sessions/${await portal()}`);
    expect(shown.json().invoice).toMatchObject({ id: request!.id, replaceable: true });
    const changed = await change('pro-monthly');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toMatch(
      new RegExp(
        `^Invoice INV-\\d{6} for Pro Monthly is issued in place of ${request!.number}, now void\\.`,
      ),
    );
    const { open } = await books(user._id);
    expect(open).toHaveLength(1);
    // The upgrade still credits what is left of the Basic month.
    expect(packageOf(open[0]!)).toBe('Pro Monthly');
    expect(open[0]!.items[1]!.amount).toBeLessThan(0);
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionPlan: 'Basic',
      subscriptionStatus: 'active',
    });
  });

  it('leaves a renewal open: it is for the period in force, so a change waits for it', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    // A week before the month ends the renewal is issued.
    await runBillingCycle(db, config, new Date(Date.now() + 25 * 86_400_000));
    const [renewal] = (await books(user._id)).open;
    expect(renewal).toMatchObject({ kind: 'renewal' });
    const url = (await t.injectAs(token, { method: 'POST', url: '/api/zoho/portal-url' })).json();
    const refused = await anonymous(t, 'POST', `/api/pay/sessions/${tokenOf(url.url)}/change`, {
      packageId: 'pro-monthly',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(billingApiMessages.planInvoiceOpen);
    expect((await books(user._id)).open).toEqual([expect.objectContaining({ id: renewal!.id })]);
  });
});
