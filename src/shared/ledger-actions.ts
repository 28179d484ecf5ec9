import { z } from 'zod';
import { dollars, pastDay } from './invoicing.ts';
import { singleLine } from './text.ts';

// What an admin does to the books of local billing (docs/decisions/028-the-books.md):
// a credit note against an invoice, a payment reversed, a plan ended at once, and the
// client's sales tax rate and billing address. The page and the server check with these.

export const ledgerMessages = {
  creditAmount: 'Amount must be more than $0.00, in dollars and cents.',
  creditOver: (most: string) => `A credit note may be at most the ${most} not yet credited.`,
  reason: 'Say why in one line of 1 to 200 characters.',
  creditVoid: 'A void invoice owes nothing: there is nothing to credit.',
  reversedOn: 'Date must be a date (YYYY-MM-DD), not in the future.',
  alreadyReversed: 'This payment is already reversed.',
  creditSpent: (amount: string) =>
    `This payment became account credit and ${amount} of it is already spent on other invoices; reverse those payments first.`,
  paymentNotFound: 'Payment not found.',
  noPlan: 'This client has no plan running to end.',
  taxRate: 'Sales tax must be a rate from 0 to 20 percent, with at most three decimals.',
  address: 'The billing address takes at most 5 lines of at most 100 characters each.',
} as const;

const reason = z
  .string({ error: ledgerMessages.reason })
  .trim()
  .min(1, ledgerMessages.reason)
  .max(200, ledgerMessages.reason)
  .refine(...singleLine('Reason'));

export const CreditNoteBodySchema = z
  .object({ amountDollars: dollars(ledgerMessages.creditAmount), reason })
  .transform(({ amountDollars, reason }) => ({
    reason,
    amountCents: Math.round(amountDollars * 100),
  }));
export type CreditNoteBody = z.input<typeof CreditNoteBodySchema>;

/** The day the money went back is a billing-zone day no later than today there. */
export const reversePaymentSchema = (timeZone: string) =>
  z.object({ reversedOn: pastDay(ledgerMessages.reversedOn, timeZone), reason });
/** The route table's copy, in UTC; the server serves it with BILLING_TIME_ZONE. */
export const ReversePaymentSchema = reversePaymentSchema('UTC');
export type ReversePaymentBody = z.input<typeof ReversePaymentSchema>;

export const EndPlanSchema = z.object({
  reason,
  /** Issue a credit note for the unused part of the paid period. */
  creditUnused: z.boolean().default(false),
});
export type EndPlanBody = z.input<typeof EndPlanSchema>;

/** 8.25 % is 8250 thousandths of a percent: rates such as 7.375 % stay exact integers. */
export const MAX_TAX_MILLI_PERCENT = 20_000;

const taxPercent = z
  .number({ error: ledgerMessages.taxRate })
  .min(0, ledgerMessages.taxRate)
  .max(MAX_TAX_MILLI_PERCENT / 1000, ledgerMessages.taxRate)
  .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, ledgerMessages.taxRate)
  .nullable();

const addressLine = z
  .string()
  .trim()
  .max(100, ledgerMessages.address)
  .refine(...singleLine('Address line'));

export const InvoiceDetailsBodySchema = z
  .object({
    /** Null or 0: exempt (the default). */
    salesTaxPercent: taxPercent,
    billingAddress: z
      .array(addressLine, { error: ledgerMessages.address })
      .max(5, ledgerMessages.address),
  })
  .transform(({ salesTaxPercent, billingAddress }) => ({
    salesTaxMilliPercent: salesTaxPercent ? Math.round(salesTaxPercent * 1000) : null,
    billingAddress: billingAddress.filter(Boolean),
  }));
export type InvoiceDetailsBody = z.input<typeof InvoiceDetailsBodySchema>;

export const InvoiceDetailsSchema = z.object({
  salesTaxMilliPercent: z.number().int().nullable(),
  billingAddress: z.array(z.string()),
});
export type InvoiceDetails = z.infer<typeof InvoiceDetailsSchema>;

/** "8.25%" */
export const formatTaxRate = (milliPercent: number) =>
  `${(milliPercent / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;

/** Tax on a subtotal in cents, rounded half up to the cent; nothing on a credit. */
export const salesTaxCents = (subtotalCents: number, milliPercent: number | null) =>
  subtotalCents > 0 && milliPercent ? Math.round((subtotalCents * milliPercent) / 100_000) : 0;
