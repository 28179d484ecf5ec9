import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { auditLogs, invoices, outbox, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { invoicingMessages } from '#shared/invoicing.ts';
import { adminInvoices, choosePackage, subscribe } from '#test/support/billing.ts';
import { pdfText } from '#test/support/pdf-text.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './billing-cycle.ts';

// Billing days are the billing zone's (BILLING_TIME_ZONE): an instant near midnight UTC
// is named by the day it is in Chicago on the PDF, in the mail and in the audit log, and
// an admin may record a payment on Chicago's today while UTC is already tomorrow.

const t = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    BILLING_TIME_ZONE: 'America/Chicago',
  }),
});
const db = t.deps.database.db;
const config = t.deps.config.invoicing;
await seedPackages(db);

afterEach(() => vi.useRealTimers());

describe('billing dates in the billing zone', () => {
  it('names the Chicago day of a renewal issued at 03:00 UTC on the PDF, mail and audit', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    // The paid period ends on January 10, 03:00 UTC: 9 PM on January 9 in Chicago.
    const periodEnd = new Date('2027-01-10T03:00:00Z');
    await db.update(users).set({ currentPeriodEnd: periodEnd }).where(eq(users.id, user._id));
    // The job runs on January 6, 03:00 UTC: still January 5 in Chicago.
    const report = await runBillingCycle(db, config, new Date('2027-01-06T03:00:00Z'));
    expect(report.renewalsIssued).toBe(1);

    const [renewal] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.clientUserId, user._id), eq(invoices.kind, 'renewal')));
    expect(renewal?.items[0]?.description).toBe(
      'Basic Monthly renewal, Jan 9, 2027 to Feb 9, 2027',
    );

    const pdf = await t.injectAs(token, { method: 'GET', url: `/api/invoices/${renewal!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Issued January 5, 2027');
    expect(text).toContain('Due January 9, 2027');
    expect(text).toContain('Dates in Central Time.');
    expect(text).not.toContain('January 6, 2027');

    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, user.email), eq(outbox.kind, 'billing-invoice')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(mail?.text).toContain(`, due Jan 9, 2027 (Central Time).`);

    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.userId, user._id),
          eq(
            auditLogs.message,
            `Renewal invoice ${renewal!.number} issued for $29.00, due Jan 9, 2027`,
          ),
        ),
      );
    expect(entry).toBeDefined();
  });

  it("takes a payment on Chicago's today while UTC is already tomorrow, not the day after", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-01T15:00:00Z'));
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'basic-monthly');

    // March 4, 03:30 UTC: 9:30 PM on March 3 in Chicago.
    vi.setSystemTime(new Date('2027-03-04T03:30:00Z'));
    const admin = await t.createUser({ role: 'Admin' });
    const [invoice] = await adminInvoices(t, admin.token, user._id);
    const record = (paidOn: string) =>
      t.injectAs(admin.token, {
        method: 'POST',
        url: `/api/admin/billing/${user._id}/invoices/${invoice!.id}/payments`,
        payload: { amountDollars: invoice!.amount / 100, paidOn, method: 'ach' },
      });

    const tooLate = await record('2027-03-04');
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({
      message: invoicingMessages.date,
      errors: { paidOn: invoicingMessages.date },
    });

    const paid = await record('2027-03-03');
    expect(paid.statusCode, paid.body).toBe(200);
    // The period starts at the start of March 3 in Chicago (06:00 UTC), not at UTC midnight.
    const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row?.periodStart?.toISOString()).toBe('2027-03-03T06:00:00.000Z');
    expect(paid.json().message).toContain('Basic Monthly active until Apr 3, 2027');
  });

  it('sends the zone with the invoices an admin reads and the status a client reads', async () => {
    const { token, user } = await t.registerClient();
    await choosePackage(t, token, 'basic-monthly');
    const admin = await t.createUser({ role: 'Admin' });
    const listed = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/billing/${user._id}/invoices`,
    });
    expect(listed.json().billingTimeZone).toBe('America/Chicago');
    const status = await t.injectAs(token, { method: 'GET', url: '/api/zoho/billing-status' });
    expect(status.json()).toMatchObject({ status: 'pending', billingTimeZone: 'America/Chicago' });
  });
});
