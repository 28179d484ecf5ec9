import { z } from 'zod';
import { InvoiceSchema } from './billing-api.ts';
import { CreditNoteSchema, LedgerPaymentSchema } from './books.ts';
import { InvoiceItemSchema, invoiceKinds, PaymentInstructionsSchema } from './invoicing.ts';

// GET /api/admin/billing/:id/invoices: a client's invoices with their payments, for
// recording what came in (local provider only).

/** An invoice as the admin sees it: what is due, when, and what has come in. */
export const AdminInvoiceSchema = InvoiceSchema.extend({
  kind: z.enum(invoiceKinds),
  items: z.array(InvoiceItemSchema),
  /** Cents received so far. */
  amountPaid: z.number().int(),
  /** The billing period a paid invoice covers (ISO), when it is a plan invoice. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  payments: z.array(LedgerPaymentSchema),
  /** Cents taken off by credit notes; what is due is amount - amountPaid - amountCredited. */
  amountCredited: z.number().int(),
  creditNotes: z.array(CreditNoteSchema),
  /** Sales tax in cents, included in amount, and its rate in thousandths of a percent. */
  taxCents: z.number().int(),
  taxRateMilliPercent: z.number().int().nullable(),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

export const AdminInvoicesSchema = z.object({
  invoices: z.array(AdminInvoiceSchema),
  /** The configured payment instructions, so the admin sees what clients are told. */
  instructions: PaymentInstructionsSchema,
  /** Credit on the account no invoice claims yet (cents), spent on the next invoices. */
  accountCreditCents: z.number().int(),
  /** The zone billing dates are shown in and a payment's day is counted in. */
  billingTimeZone: z.string(),
});
export type AdminInvoices = z.infer<typeof AdminInvoicesSchema>;
