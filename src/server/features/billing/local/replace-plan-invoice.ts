import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoicePayments, invoices } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import type { Acting } from '../provider.ts';
import type { InvoiceRow, PackageRow } from './records.ts';
import { voidOpenInvoice } from './void-invoice.ts';

// A client who chose the wrong package corrects it by choosing another
// (docs/decisions/031): the unpaid invoice of the first choice goes void, as an admin's
// void would leave it, and one for the new package is issued, so one plan invoice stays
// open. Only a choice nobody has paid anything on is replaced: money on an invoice must
// never end up on a void one. A renewal, or a plan invoice whose period was granted,
// stands: it is for time the client has had.

/** A first plan or a change of plan asked for and not yet started: what a choice makes. */
const isChoice = (invoice: InvoiceRow) =>
  invoice.kind === 'subscription' && invoice.periodStart === null;

/** Why the replaced invoice is void, as the client reads it on the invoice and its PDF. */
export const replacedReason = (pkg: PackageRow) => `Replaced by a plan change to ${pkg.name}`;

/** The client's open plan invoices, newest first, locked until the choice is made. */
const lockOpenPlanInvoices = (tx: Db, clientId: string) =>
  tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.clientUserId, clientId),
        eq(invoices.status, 'unpaid'),
        isNotNull(invoices.packageId),
      ),
    )
    .orderBy(desc(invoices.issuedAt))
    .for('update');

/** The ids of the invoices any payment was recorded on, reversed ones included. */
async function withPayments(tx: Db, rows: InvoiceRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const paid = await tx
    .selectDistinct({ invoiceId: invoicePayments.invoiceId })
    .from(invoicePayments)
    .where(
      inArray(
        invoicePayments.invoiceId,
        rows.map((row) => row.id),
      ),
    );
  return new Set(paid.map((row) => row.invoiceId));
}

const hasMoney = (row: InvoiceRow, paid: Set<string>) =>
  row.amountPaid > 0 || row.amountCredited > 0 || paid.has(row.id);

/** Whether choosing another package would replace this open plan invoice (the portal says so). */
export async function isReplaceable(tx: Db, invoice: InvoiceRow): Promise<boolean> {
  return (
    invoice.status === 'unpaid' &&
    isChoice(invoice) &&
    !hasMoney(invoice, await withPayments(tx, [invoice]))
  );
}

export interface Choice {
  /** The open invoice already for this package: chosen twice, nothing changes. */
  kept: InvoiceRow | null;
  /** The invoices of the earlier choice, now void. */
  replaced: InvoiceRow[];
}

/**
 * Makes way for a choice of `pkg` inside the caller's transaction, which holds the
 * invoice-numbering lock, so two choices at once take turns and the second replaces the
 * first. 409 while a renewal is open, or when the earlier choice has money on it.
 */
export async function makeWayForChoice(
  tx: Db,
  clientId: string,
  pkg: PackageRow,
  acting: Acting,
): Promise<Choice> {
  const open = await lockOpenPlanInvoices(tx, clientId);
  const kept = open.find((row) => isChoice(row) && row.packageId === pkg.id);
  if (kept) return { kept, replaced: [] };
  if (open.some((row) => !isChoice(row))) throw conflict(billingApiMessages.planInvoiceOpen);
  const paid = await withPayments(tx, open);
  const blocked = open.find((row) => hasMoney(row, paid));
  if (blocked) throw conflict(billingApiMessages.planInvoicePartPaid(blocked.number));
  const reason = replacedReason(pkg);
  for (const row of open) {
    await voidOpenInvoice(tx, row, reason, acting, { replacedBy: pkg.id });
  }
  return { kept: null, replaced: open };
}
