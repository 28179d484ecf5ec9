import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { invoices, users } from '#server/db/schema.ts';
import { conflict } from '#server/http/errors.ts';
import { formatCents } from '#shared/billing.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { invoicingMessages, type VoidInvoiceSchema } from '#shared/invoicing.ts';
import { type Acting, recordBilling } from '../provider.ts';
import { type InvoiceRow, lockClientInvoice } from './records.ts';

// Voiding an invoice issued in error (the books, docs/decisions/027): only an open one
// with no money on it, so no payment is left without its invoice; the reason stays with
// the invoice for the client, the PDF and the audit log. A client whose first plan
// invoice is voided has nothing pending any more.

export function voidInvoice(
  db: Db,
  input: {
    clientId: string;
    invoiceId: string;
    body: z.output<typeof VoidInvoiceSchema>;
    acting: Acting;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const invoice = await lockClientInvoice(tx, input.clientId, input.invoiceId);
    if (invoice.status !== 'unpaid' || invoice.amountPaid > 0) {
      throw conflict(invoicingMessages.voidNotOpen);
    }
    await voidOpenInvoice(tx, invoice, input.body.reason, input.acting);
    return `Invoice ${invoice.number} is void.`;
  });
}

/**
 * Voids an open invoice, locked by the caller and checked to have no money on it, with
 * its reason, audited as `acting`. Shared by an admin's void and a package chosen in place
 * of an unpaid one (replace-plan-invoice.ts), so both leave the books the same way.
 */
export async function voidOpenInvoice(
  tx: Db,
  invoice: InvoiceRow,
  reason: string,
  acting: Acting,
  details: Record<string, unknown> = {},
) {
  await tx
    .update(invoices)
    .set({ status: 'void', voidReason: reason })
    .where(eq(invoices.id, invoice.id));
  if (invoice.packageId) await endPendingPlan(tx, invoice.clientUserId, invoice.id);
  await recordBilling(
    tx,
    acting,
    invoice.clientUserId,
    `Invoice ${invoice.number} (${formatCents(invoice.amount)}) voided: ${reason}`,
    { invoiceId: invoice.id, reason, ...details },
  );
}

/** A plan pending on the voided invoice alone is no longer pending. */
async function endPendingPlan(tx: Db, clientId: string, voidedId: string) {
  const [otherOpen] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientUserId, clientId),
        eq(invoices.status, 'unpaid'),
        isNotNull(invoices.packageId),
        ne(invoices.id, voidedId),
      ),
    );
  if (otherOpen) return;
  await tx
    .update(users)
    .set({
      subscriptionStatus: 'no_subscription',
      billingStatus: billingStatusFor.no_subscription,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, clientId), eq(users.subscriptionStatus, 'incomplete')));
}
