import { describe, expect, it } from 'vitest';
import { invoiceStateLine } from './invoice-pdf.ts';
import type { InvoiceRow } from './records.ts';

// What the invoice PDF says of an invoice's state: a paid one names the day the money was
// received, as the admin entered it, not the day the payment was recorded.

const zone = 'America/Chicago';
const invoice = (values: Partial<InvoiceRow>) =>
  ({ status: 'unpaid', paidAt: null, ...values }) as InvoiceRow;

describe('invoiceStateLine', () => {
  it('names the day the last payment was received', () => {
    const paid = invoice({ status: 'paid', paidAt: new Date('2026-11-20T15:00:00Z') });
    expect(invoiceStateLine(paid, ['2026-11-02', '2026-11-12'], zone)).toBe(
      'Paid November 12, 2026',
    );
  });

  it('says open and void invoices as they are', () => {
    expect(invoiceStateLine(invoice({}), ['2026-11-02'], zone)).toBe('Unpaid');
    expect(invoiceStateLine(invoice({ status: 'void' }), [], zone)).toBe('Void');
  });

  it('falls back to the day it was settled when no payment is on record', () => {
    const paid = invoice({ status: 'paid', paidAt: new Date('2026-11-20T15:00:00Z') });
    expect(invoiceStateLine(paid, [], zone)).toBe('Paid November 20, 2026');
  });

  it("names that day on the billing zone's calendar: 03:00 UTC is the evening before", () => {
    const paid = invoice({ status: 'paid', paidAt: new Date('2026-11-21T03:00:00Z') });
    expect(invoiceStateLine(paid, [], zone)).toBe('Paid November 20, 2026');
    expect(invoiceStateLine(paid, [], 'UTC')).toBe('Paid November 21, 2026');
  });
});
