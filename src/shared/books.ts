import { z } from 'zod';
import { type PaymentMethod, PaymentSchema, paymentMethods } from './invoicing.ts';

// The books of local billing (docs/decisions/028-the-books.md): credit notes, reversed
// payments and the account credit a client holds, as the admin, the client's invoice list,
// the PDF and the accountant's export show them.

/** How a payment settled an invoice: money an admin recorded, or account credit spent. */
export const ledgerPaymentMethods = [...paymentMethods, 'credit'] as const;
export type LedgerPaymentMethod = PaymentMethod | 'credit';
export const ledgerPaymentMethodLabels: Record<LedgerPaymentMethod, string> = {
  ach: 'ACH transfer',
  check: 'Check',
  card: 'Card',
  other: 'Other',
  credit: 'Account credit',
};

export const LedgerPaymentSchema = PaymentSchema.extend({
  method: z.enum(ledgerPaymentMethods),
  /** Set when the payment was reversed: the day the money went back, and why. */
  reversedOn: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type LedgerPayment = z.infer<typeof LedgerPaymentSchema>;

export const CreditNoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** Cents. */
  amount: z.number().int(),
  reason: z.string(),
  issuedAt: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;
