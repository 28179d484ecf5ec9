import PDFDocument from 'pdfkit';
import type { UserRow } from '#server/db/schema.ts';
import { formatCents } from '#shared/billing.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';
import { invoiceStateWords } from '#shared/billing-states.ts';
import { brand } from '#shared/brand.ts';
import { dayStart, formatLongDate } from '#shared/dates.ts';
import { type PaymentInstructions, paymentInstructionLines } from '#shared/invoicing.ts';
import { formatTaxRate } from '#shared/ledger-actions.ts';
import { stillDue } from './ledger.ts';
import type { InvoiceRow } from './records.ts';

// The local provider's invoice as a one-page PDF: brand, invoice number, dates, who it is
// billed to, its lines, sales tax, the total in dollars, credit notes and reversed
// payments, and while it is open what is due and how to pay it. Built-in fonts only, so
// nothing is read from disk but pdfkit's own font metrics.

/** "March 5, 2026" on the billing zone's calendar (BILLING_TIME_ZONE). */
const dayIn = (timeZone: string) => (date: Date) => formatLongDate(date, timeZone);

/**
 * The invoice's state as the PDF says it, in the words every screen uses
 * (shared/billing-states.ts). A paid invoice names the day its last payment was received
 * (what the admin entered as paid on, already a day of the billing zone), not the day it
 * was recorded.
 */
export function invoiceStateLine(
  invoice: InvoiceRow,
  paidOn: readonly string[],
  timeZone: string,
): string {
  const words = invoiceStateWords[invoice.status];
  if (invoice.status === 'void') {
    return invoice.voidReason ? `${words.label}: ${invoice.voidReason}` : words.label;
  }
  if (invoice.status !== 'paid') return words.label;
  const received = [...paidOn].sort().at(-1);
  if (received) return `${words.label} ${formatLongDate(dayStart(received), 'UTC')}`;
  if (invoice.amountCredited > 0) return 'Settled by credit note';
  return invoice.paidAt ? `${words.label} ${dayIn(timeZone)(invoice.paidAt)}` : words.label;
}

export function renderInvoicePdf(
  invoice: InvoiceRow,
  client: UserRow,
  instructions: PaymentInstructions,
  timeZone: string,
  paidOn: readonly string[] = [],
  /** Credit notes and reversed payments, in words (invoice-ledger.ts). */
  notes: readonly string[] = [],
): Promise<Buffer> {
  const day = dayIn(timeZone);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Invoice ${invoice.number}`, Author: brand.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;

  doc.font('Helvetica-Bold').fontSize(20).text(brand.name, left, 56);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(brand.email).text(brand.phone).text(brand.location);

  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text('INVOICE', left, 56, {
    width,
    align: 'right',
  });
  doc.font('Helvetica').fontSize(10);
  doc.text(invoice.number, { width, align: 'right' });
  doc.text(`Issued ${day(invoice.issuedAt)}`, { width, align: 'right' });
  if (invoice.dueAt && invoice.status === 'unpaid') {
    doc.text(`Due ${day(invoice.dueAt)}`, { width, align: 'right' });
  }
  doc.text(invoiceStateLine(invoice, paidOn, timeZone), { width, align: 'right' });
  doc.fontSize(8).fillColor('#444444').text(billingZoneNote(timeZone), { width, align: 'right' });
  doc.fontSize(10).fillColor('#000000');

  doc.moveDown(3);
  doc.font('Helvetica-Bold').text('Billed to', left);
  billedTo(doc, invoice, client);

  doc.moveDown(2);
  const headerY = doc.y;
  doc.font('Helvetica-Bold').text('Description', left, headerY);
  doc.text('Amount', left, headerY, { width, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .stroke('#999999');
  doc.moveDown(0.8);
  for (const item of itemsOf(invoice)) {
    const lineY = doc.y;
    doc.font('Helvetica').text(item.description, left, lineY, { width: width - 120 });
    const after = doc.y;
    doc.text(formatCents(item.amount), left, lineY, { width, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.4);
  }
  doc.moveDown(0.4);
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke('#999999');
  doc.moveDown(0.8);
  if (invoice.taxCents > 0) {
    doc.font('Helvetica');
    totalLine(doc, 'Subtotal', invoice.amount - invoice.taxCents, left, width);
    totalLine(doc, taxLabel(invoice), invoice.taxCents, left, width);
  }
  doc.font('Helvetica-Bold');
  totalLine(doc, 'Total (USD)', invoice.amount, left, width);
  if (invoice.status === 'unpaid' && (invoice.amountPaid > 0 || invoice.amountCredited > 0)) {
    doc.font('Helvetica');
    if (invoice.amountCredited > 0)
      totalLine(doc, 'Credited', -invoice.amountCredited, left, width);
    if (invoice.amountPaid > 0) totalLine(doc, 'Paid', -invoice.amountPaid, left, width);
    doc.font('Helvetica-Bold');
    totalLine(doc, 'Amount due', stillDue(invoice), left, width);
  }
  if (notes.length) noteLines(doc, notes, left, width);
  if (invoice.status === 'unpaid') howToPay(doc, instructions, invoice.number, left, width);

  doc.moveDown(4);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(`Questions about this invoice? Write to ${instructions.contactEmail}.`, left, doc.y, {
    width,
  });
  doc.end();
  return done;
}

/** The bill-to block kept with the invoice at issue; older invoices read the account. */
function billedTo(doc: PDFKit.PDFDocument, invoice: InvoiceRow, client: UserRow) {
  doc.font('Helvetica');
  if (invoice.billTo.length === 0) {
    doc.text(client.name).text(client.email);
    if (client.companyName) doc.text(client.companyName);
    return;
  }
  for (const line of invoice.billTo) doc.text(line);
  doc.text(client.email);
}

const taxLabel = (invoice: InvoiceRow) =>
  invoice.taxRateMilliPercent
    ? `Sales tax (${formatTaxRate(invoice.taxRateMilliPercent)})`
    : 'Sales tax';

function noteLines(doc: PDFKit.PDFDocument, notes: readonly string[], left: number, width: number) {
  doc.moveDown(2);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('Since this invoice was issued', left, doc.y, { width });
  doc.font('Helvetica').fontSize(10);
  for (const line of notes) doc.text(line, left, doc.y, { width });
}

/** Invoices from before items were stored have their description as the one line. */
const itemsOf = (invoice: InvoiceRow) =>
  invoice.items.length
    ? invoice.items
    : [
        {
          description: invoice.description,
          quantity: 1,
          unitAmount: invoice.amount,
          amount: invoice.amount,
        },
      ];

function totalLine(
  doc: PDFKit.PDFDocument,
  label: string,
  cents: number,
  left: number,
  width: number,
) {
  const y = doc.y;
  doc.text(label, left, y);
  doc.text(formatCents(cents), left, y, { width, align: 'right' });
}

function howToPay(
  doc: PDFKit.PDFDocument,
  instructions: PaymentInstructions,
  number: string,
  left: number,
  width: number,
) {
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(11).text('How to pay', left, doc.y, { width });
  doc.font('Helvetica').fontSize(10);
  for (const line of paymentInstructionLines(instructions, number)) {
    doc.text(line, left, doc.y, { width });
  }
}
