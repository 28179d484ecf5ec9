import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, outbox, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import type { AdminInvoices } from '#shared/admin-invoices.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { ledgerMessages } from '#shared/ledger-actions.ts';
import {
  adminInvoices,
  choosePackage,
  payNewestInvoice,
  subscribe,
} from '#test/support/billing.ts';
import { pdfText } from '#test/support/pdf-text.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// The books of local billing (docs/decisions/028-the-books.md): credit notes, reversed
// payments, account credit, a plan ended at once, and sales tax with the bill-to address.

const t = await build();
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });
const DAY = 86_400_000;
const today = () => billingToday(config.timeZone);

const post = (url: string, payload: object) =>
  t.injectAs(admin.token, { method: 'POST', url, payload });
const base = (clientId: string) => `/api/admin/billing/${clientId}`;

const creditNote = (clientId: string, invoiceId: string, amountDollars: number, reason: string) =>
  post(`${base(clientId)}/invoices/${invoiceId}/credit-notes`, { amountDollars, reason });

const reverse = (clientId: string, invoiceId: string, paymentId: string, reason = 'ACH returned') =>
  post(`${base(clientId)}/invoices/${invoiceId}/payments/${paymentId}/reverse`, {
    reversedOn: today(),
    reason,
  });

async function books(clientId: string) {
  const listed = await t.injectAs(admin.token, {
    method: 'GET',
    url: `${base(clientId)}/invoices`,
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<AdminInvoices>();
}

const mailsTo = async (email: string, kind: string) =>
  (
    await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, kind)))
  ).map((row) => row.text);

const clientInvoices = async (token: string) =>
  (await t.injectAs(token, { method: 'GET', url: '/api/zoho/invoices' })).json<
    { number: string; status: string; notes?: string[] }[]
  >();

describe('credit notes', () => {
  it('lowers what an open invoice asks for, and the rest settles it', async () => {
    const client = await t.registerClient();
    await choosePackage(t, client.token, 'basic-monthly');
    const [invoice] = await adminInvoices(t, admin.token, client.user._id);
    const issued = await creditNote(client.user._id, invoice!.id, 10, 'Onboarding discount');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().message).toMatch(/^Credit note CN-\d{6} issued\.$/);

    const [credited] = await adminInvoices(t, admin.token, client.user._id);
    expect(credited).toMatchObject({ status: 'unpaid', amount: 2900, amountCredited: 1000 });
    expect(credited?.creditNotes).toEqual([
      expect.objectContaining({ amount: 1000, reason: 'Onboarding discount' }),
    ]);
    // What is left is $19.00: paying it settles the invoice and starts the plan.
    await payNewestInvoice(t, admin.token, client.user._id, { amountDollars: 19 });
    const [paid] = await adminInvoices(t, admin.token, client.user._id);
    expect(paid?.status).toBe('paid');
    expect((await findUserById(db, client.user._id))?.subscriptionStatus).toBe('active');

    const [shown] = await clientInvoices(client.token);
    expect(shown?.notes?.[0]).toMatch(
      new RegExp(
        `^Credit note ${credited?.creditNotes[0]?.number} for \\$10\\.00 on .+: Onboarding discount$`,
      ),
    );
    const mails = await mailsTo(client.user.email, 'billing-books');
    expect(mails.join('\n')).toContain(`Invoice ${invoice!.number} now asks for $19.00.`);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, client.user._id), eq(auditLogs.actorId, admin.user.id)));
    expect(entry?.message).toContain('Credit note CN-');
  });

  it('turns money already paid into account credit', async () => {
    const client = await t.registerClient();
    await subscribe(t, client.token, 'basic-monthly');
    const [invoice] = await adminInvoices(t, admin.token, client.user._id);
    const issued = await creditNote(client.user._id, invoice!.id, 5.5, 'Outage on Nov 3');
    expect(issued.statusCode, issued.body).toBe(200);
    const listed = await books(client.user._id);
    expect(listed.accountCreditCents).toBe(550);
    expect(listed.invoices[0]).toMatchObject({ status: 'paid', amountCredited: 550 });
    const mails = await mailsTo(client.user.email, 'billing-books');
    expect(mails.join('\n')).toContain('$5.50 of what you paid is now credit on your account');
  });

  it('refuses more than was invoiced, a void invoice, and a bad reason', async () => {
    const client = await t.registerClient();
    await choosePackage(t, client.token, 'basic-monthly');
    const [invoice] = await adminInvoices(t, admin.token, client.user._id);
    const over = await creditNote(client.user._id, invoice!.id, 29.01, 'Too much');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ amountDollars: ledgerMessages.creditOver('$29.00') });
    const blank = await creditNote(client.user._id, invoice!.id, 1, ' ');
    expect(blank.json().errors).toEqual({ reason: ledgerMessages.reason });
    await post(`${base(client.user._id)}/invoices/${invoice!.id}/void`, { reason: 'Mistake' });
    const onVoid = await creditNote(client.user._id, invoice!.id, 1, 'Anything');
    expect(onVoid.statusCode).toBe(409);
    expect(onVoid.json().message).toBe(ledgerMessages.creditVoid);
    const other = await t.registerClient();
    const foreign = await creditNote(other.user._id, invoice!.id, 1, 'Not theirs');
    expect(foreign.statusCode).toBe(404);
  });
});

describe('reversing a payment', () => {
  it('opens the invoice again, due that day, and the plan lapses after the grace period', async () => {
    const client = await t.registerClient();
    await subscribe(t, client.token, 'basic-monthly');
    const [invoice] = await adminInvoices(t, admin.token, client.user._id);
    const payment = invoice!.payments[0]!;
    const reversed = await reverse(client.user._id, invoice!.id, payment.id);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().message).toBe(
      `Payment reversed. ${invoice!.number} is open again with $29.00 due.`,
    );
    const [open] = await adminInvoices(t, admin.token, client.user._id);
    expect(open).toMatchObject({ status: 'unpaid', amountPaid: 0 });
    expect(open?.payments[0]).toMatchObject({
      reversedOn: today(),
      reversalReason: 'ACH returned',
    });
    // The period stays for now; unpaid past the grace period, the plan lapses.
    expect((await findUserById(db, client.user._id))?.subscriptionStatus).toBe('active');
    const later = new Date(Date.now() + (config.graceDays + 1) * DAY);
    await runBillingCycle(db, config, later);
    expect((await findUserById(db, client.user._id))?.subscriptionStatus).toBe('past_due');

    const [shown] = await clientInvoices(client.token);
    expect(shown?.notes).toEqual([
      expect.stringMatching(/^Payment of \$29\.00 by ACH transfer reversed on .+: ACH returned$/),
    ]);
    expect((await reverse(client.user._id, invoice!.id, payment.id)).statusCode).toBe(409);
  });

  it('refuses another invoice’s payment and an unknown one', async () => {
    const client = await t.registerClient();
    await subscribe(t, client.token, 'basic-monthly');
    const other = await t.registerClient();
    await subscribe(t, other.token, 'basic-monthly');
    const [mine] = await adminInvoices(t, admin.token, client.user._id);
    const [theirs] = await adminInvoices(t, admin.token, other.user._id);
    const crossed = await reverse(client.user._id, mine!.id, theirs!.payments[0]!.id);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(ledgerMessages.paymentNotFound);
  });
});

describe('ending a plan at once', () => {
  it('cancels now and credits the unused days to the account', async () => {
    const client = await t.registerClient();
    await subscribe(t, client.token, 'basic-monthly');
    const ended = await post(`${base(client.user._id)}/end-plan`, {
      reason: 'Client asked to stop',
      creditUnused: true,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().message).toMatch(/^Basic ended now\. Credit note CN-\d{6} credits/);
    const row = await findUserById(db, client.user._id);
    expect(row?.subscriptionStatus).toBe('canceled');
    const listed = await books(client.user._id);
    // Almost a whole month was left: nearly all of $29.00 comes back as credit.
    expect(listed.accountCreditCents).toBeGreaterThan(2700);
    expect(listed.accountCreditCents).toBeLessThanOrEqual(2900);
    const again = await post(`${base(client.user._id)}/end-plan`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ledgerMessages.noPlan);
  });
});

describe('account credit', () => {
  it('keeps a payment for a cancelled invoice and spends it on the next invoice', async () => {
    const client = await t.registerClient();
    await choosePackage(t, client.token, 'basic-monthly');
    const [first] = await adminInvoices(t, admin.token, client.user._id);
    await post(`${base(client.user._id)}/invoices/${first!.id}/void`, { reason: 'Cancelled' });
    const held = await post(`${base(client.user._id)}/invoices/${first!.id}/payments`, {
      amountDollars: 29,
      paidOn: today(),
      method: 'check',
      reference: 'Check 88',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().message).toBe(
      `Payment recorded as account credit: ${first!.number} is void, so $29.00 is held on the account. It will be applied to the next invoice.`,
    );
    expect((await books(client.user._id)).accountCreditCents).toBe(2900);
    expect(await mailsTo(client.user.email, 'billing-payment')).toEqual([
      expect.stringContaining(
        'That invoice was cancelled, so the amount is credit on your account',
      ),
    ]);

    // Choosing Basic again: the new invoice is paid from the credit and the plan starts.
    await choosePackage(t, client.token, 'basic-monthly');
    const listed = await books(client.user._id);
    expect(listed.accountCreditCents).toBe(0);
    expect(listed.invoices[0]).toMatchObject({ status: 'paid', amountPaid: 2900 });
    expect(listed.invoices[0]?.payments).toEqual([
      expect.objectContaining({ method: 'credit', amount: 2900, reference: 'Account credit' }),
    ]);
    expect((await findUserById(db, client.user._id))?.subscriptionStatus).toBe('active');
    // Reversing the check now would take back credit already spent: refused.
    const check = listed.invoices.find((invoice) => invoice.id === first!.id)?.payments[0];
    const refused = await reverse(client.user._id, first!.id, check!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ledgerMessages.creditSpent('$29.00'));
  });

  it('pays a renewal from account credit when the billing cycle issues it', async () => {
    const client = await t.registerClient();
    await subscribe(t, client.token, 'basic-monthly');
    const [paid] = await adminInvoices(t, admin.token, client.user._id);
    await creditNote(client.user._id, paid!.id, 29, 'First month on us');
    expect((await books(client.user._id)).accountCreditCents).toBe(2900);
    const row = await findUserById(db, client.user._id);
    const near = new Date(row!.currentPeriodEnd!.getTime() - DAY);
    // Other tests' clients renew in the same run; this one's renewal is read below.
    const report = await runBillingCycle(db, config, near);
    expect(report.renewalsIssued).toBeGreaterThanOrEqual(1);
    const listed = await books(client.user._id);
    expect(listed.invoices[0]).toMatchObject({ kind: 'renewal', status: 'paid' });
    expect(listed.accountCreditCents).toBe(0);
    expect((await findUserById(db, client.user._id))?.currentPeriodEnd?.getTime()).toBeGreaterThan(
      row!.currentPeriodEnd!.getTime(),
    );
  });
});

describe('sales tax and the billing address', () => {
  it('adds the client’s rate as tax and keeps the address on each invoice', async () => {
    const client = await t.registerClient({ companyName: 'Acme Tools' });
    const saved = await t.injectAs(admin.token, {
      method: 'PUT',
      url: `${base(client.user._id)}/invoice-details`,
      payload: { salesTaxPercent: 8.25, billingAddress: ['12 Main St', 'Austin, TX 78701', ''] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      salesTaxMilliPercent: 8250,
      billingAddress: ['12 Main St', 'Austin, TX 78701'],
    });
    await choosePackage(t, client.token, 'basic-monthly');
    const [invoice] = await adminInvoices(t, admin.token, client.user._id);
    // $29.00 and 8.25% of it, $2.39 (2.3925 rounded to the cent).
    expect(invoice).toMatchObject({ amount: 3139, taxCents: 239, taxRateMilliPercent: 8250 });
    const refused = await t.injectAs(admin.token, {
      method: 'PUT',
      url: `${base(client.user._id)}/invoice-details`,
      payload: { salesTaxPercent: 25, billingAddress: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ salesTaxPercent: ledgerMessages.taxRate });
    const kept = await db.select().from(users).where(eq(users.id, client.user._id));
    expect(kept[0]?.billingPrefs.salesTaxMilliPercent).toBe(8250);

    // The PDF bills the company at its address and prints the tax as a line.
    await creditNote(client.user._id, invoice!.id, 1.39, 'Rounding courtesy');
    const pdf = await t.injectAs(client.token, {
      method: 'GET',
      url: `/api/invoices/${invoice!.id}/pdf`,
    });
    const text = pdfText(pdf.rawPayload);
    for (const line of ['Acme Tools', '12 Main St', 'Austin, TX 78701', 'Subtotal', '$29.00']) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Sales tax (8.25%)');
    expect(text).toContain('$2.39');
    expect(text).toContain('$31.39');
    expect(text).toContain('Credited');
    expect(text).toMatch(/Credit note CN-\d{6} for \$1\.39 on .+: Rounding courtesy/);
    expect(text).toContain('$30.00');
  });
});
