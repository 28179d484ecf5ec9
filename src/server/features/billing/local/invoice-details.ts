import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import {
  formatTaxRate,
  type InvoiceDetails,
  type InvoiceDetailsBodySchema,
} from '#shared/ledger-actions.ts';
import { type Acting, recordBilling } from '../provider.ts';

// What a client's invoices carry besides their lines (docs/decisions/028-the-books.md): a
// sales tax rate (exempt unless set) and the billing address printed under the company.
// Both are copied onto each invoice when it is issued, so a later change never rewrites
// an invoice already sent.

export const invoiceDetailsOf = (client: UserRow): InvoiceDetails => ({
  salesTaxMilliPercent: client.billingPrefs.salesTaxMilliPercent ?? null,
  billingAddress: client.billingPrefs.billingAddress ?? [],
});

/** The bill-to block of a new invoice: company (or name), then the address lines. */
export const billToLines = (client: UserRow): string[] => [
  client.companyName || client.name,
  ...(client.billingPrefs.billingAddress ?? []),
];

export function saveInvoiceDetails(
  db: Db,
  input: { clientId: string; body: z.output<typeof InvoiceDetailsBodySchema>; acting: Acting },
): Promise<InvoiceDetails> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.clientId))
      .for('update');
    if (!client) throw notFound('Client not found.');
    const { salesTaxMilliPercent, billingAddress } = input.body;
    const [row] = await tx
      .update(users)
      .set({
        billingPrefs: { ...client.billingPrefs, salesTaxMilliPercent, billingAddress },
        updatedAt: new Date(),
      })
      .where(eq(users.id, client.id))
      .returning();
    const rate = salesTaxMilliPercent ? formatTaxRate(salesTaxMilliPercent) : 'exempt';
    await recordBilling(tx, input.acting, client.id, `Invoice details saved: sales tax ${rate}`, {
      salesTaxMilliPercent,
      addressLines: billingAddress.length,
    });
    return invoiceDetailsOf(row ?? client);
  });
}
