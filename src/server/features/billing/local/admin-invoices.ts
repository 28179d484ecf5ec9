import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoicePayments, users } from '#server/db/schema.ts';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import type { LedgerPayment } from '#shared/books.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { creditNoteJson, creditNotesOf } from './invoice-ledger.ts';
import { listInvoiceRows } from './records.ts';

// A client's invoices for the admin: each with its items, what has been paid and the
// payments recorded, who recorded them. Two queries whatever the number of invoices.

export async function listAdminInvoices(
  db: Db,
  links: InvoiceLinks,
  clientId: string,
): Promise<AdminInvoice[]> {
  const rows = await listInvoiceRows(db, clientId);
  const ids = rows.map((row) => row.id);
  const payments = ids.length
    ? await db
        .select({ payment: invoicePayments, recordedBy: users.name })
        .from(invoicePayments)
        .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
        .where(inArray(invoicePayments.invoiceId, ids))
        .orderBy(asc(invoicePayments.createdAt))
    : [];
  const notes = await creditNotesOf(db, ids);
  const byInvoice = new Map<string, LedgerPayment[]>();
  for (const { payment, recordedBy } of payments) {
    const list = byInvoice.get(payment.invoiceId) ?? [];
    list.push({
      id: payment.id,
      amount: payment.amount,
      paidOn: payment.paidOn,
      method: payment.method,
      reference: payment.reference,
      recordedBy,
      createdAt: payment.createdAt.toISOString(),
      reversedOn: payment.reversedOn,
      reversalReason: payment.reversalReason,
    });
    byInvoice.set(payment.invoiceId, list);
  }
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      number: row.number,
      date: row.issuedAt.toISOString(),
      status: row.status,
      amount: row.amount,
      description: row.description,
      dueDate: row.dueAt?.toISOString() ?? null,
      pdfUrl: await links.pdfUrl(row.id),
      paymentUrl: null,
      kind: row.kind,
      items: row.items,
      amountPaid: row.amountPaid,
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
      payments: byInvoice.get(row.id) ?? [],
      voidReason: row.voidReason,
      amountCredited: row.amountCredited,
      creditNotes: (notes.get(row.id) ?? []).map(creditNoteJson),
      taxCents: row.taxCents,
      taxRateMilliPercent: row.taxRateMilliPercent,
    })),
  );
}
