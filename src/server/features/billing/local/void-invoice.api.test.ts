import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { invoicingMessages } from '#shared/invoicing.ts';
import { adminInvoices, choosePackage, payNewestInvoice } from '#test/support/billing.ts';
import { build } from '#test/support/test-app.ts';
import { invoiceStateLine } from './invoice-pdf.ts';
import { findInvoice } from './records.ts';

// An admin voids an invoice issued in error, saying why: only an open one with no money
// on it; the client reads the reason on the list and the PDF, and the audit log keeps it.

const t = await build();
const db = t.deps.database.db;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });

const voidUrl = (clientId: string, invoiceId: string) =>
  `/api/admin/billing/${clientId}/invoices/${invoiceId}/void`;
const voidIt = (clientId: string, invoiceId: string, payload: object) =>
  t.injectAs(admin.token, { method: 'POST', url: voidUrl(clientId, invoiceId), payload });

async function openInvoice() {
  const client = await t.registerClient();
  await choosePackage(t, client.token, 'basic-monthly');
  const [invoice] = await adminInvoices(t, admin.token, client.user._id);
  return { ...client, invoice: invoice! };
}

describe('voiding an invoice', () => {
  it('voids an open invoice with its reason, shown to the client and on the PDF', async () => {
    const { token, user, invoice } = await openInvoice();
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('incomplete');
    const voided = await voidIt(user._id, invoice.id, { reason: '  Chosen by mistake  ' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().message).toBe(`Invoice ${invoice.number} is void.`);

    const [listed] = await adminInvoices(t, admin.token, user._id);
    expect(listed).toMatchObject({ status: 'void', voidReason: 'Chosen by mistake' });
    const mine = await t.injectAs(token, { method: 'GET', url: '/api/zoho/invoices' });
    expect(mine.json()[0]).toMatchObject({ status: 'void', voidReason: 'Chosen by mistake' });
    const row = await findInvoice(db, invoice.id);
    expect(invoiceStateLine(row!, [], 'America/Chicago')).toBe('Void: Chosen by mistake');
    // Nothing is pending any more: the client may choose again.
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('no_subscription');
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user._id), eq(auditLogs.actorId, admin.user.id)));
    expect(entry?.message).toBe(`Invoice ${invoice.number} ($29.00) voided: Chosen by mistake`);
  });

  it('asks for a reason with the shared message', async () => {
    const { user, invoice } = await openInvoice();
    for (const reason of ['', '   ', 'two\nlines', 'x'.repeat(201)]) {
      const refused = await voidIt(user._id, invoice.id, { reason });
      expect(refused.statusCode, reason).toBe(400);
    }
    const empty = await voidIt(user._id, invoice.id, { reason: '' });
    expect(empty.json().errors).toEqual({ reason: invoicingMessages.voidReason });
  });

  it('refuses a paid or part-paid invoice, and another client’s', async () => {
    const { user, invoice } = await openInvoice();
    const part = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/billing/${user._id}/invoices/${invoice.id}/payments`,
      payload: {
        amountDollars: 10,
        paidOn: billingToday(t.deps.config.invoicing.timeZone),
        method: 'ach',
      },
    });
    expect(part.statusCode).toBe(200);
    const partPaid = await voidIt(user._id, invoice.id, { reason: 'Wrong amount' });
    expect(partPaid.statusCode).toBe(409);
    expect(partPaid.json().message).toBe(invoicingMessages.voidNotOpen);
    await payNewestInvoice(t, admin.token, user._id);
    expect((await voidIt(user._id, invoice.id, { reason: 'Too late' })).statusCode).toBe(409);

    const other = await openInvoice();
    expect((await voidIt(user._id, other.invoice.id, { reason: 'Not theirs' })).statusCode).toBe(
      404,
    );
    expect((await findInvoice(db, other.invoice.id))?.status).toBe('unpaid');
  });
});
