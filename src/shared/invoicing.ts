import { z } from 'zod';
import { billingToday } from './billing-dates.ts';
import { dayStart } from './dates.ts';
import { singleLine } from './text.ts';

// The local provider as invoicing (docs/decisions/014-local-invoicing.md): selecting a
// package issues an open invoice with the consultancy's payment instructions; an admin
// records the payments that arrive (ACH, check, card, other) and grants trials. Money is
// integer cents; an admin types dollars.

export const paymentMethods = ['ach', 'check', 'card', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  ach: 'ACH transfer',
  check: 'Check',
  card: 'Card',
  other: 'Other',
};

/** subscription: a package chosen (first or changed); renewal: the next period; hours: consulting. */
export const invoiceKinds = ['subscription', 'renewal', 'hours'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

export const InvoiceItemSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  /** Cents. */
  unitAmount: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
});
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>;

/** How to pay, from configuration (BILLING_ACH_*, BILLING_CHECK_*, BILLING_PAYMENT_NOTE). */
export const PaymentInstructionsSchema = z.object({
  ach: z
    .object({
      bankName: z.string(),
      accountName: z.string(),
      routingNumber: z.string(),
      accountNumber: z.string(),
    })
    .nullable(),
  check: z.object({ payableTo: z.string(), address: z.array(z.string()) }).nullable(),
  /** Anything else people should know (card by phone, remittance e-mail…). */
  note: z.string().nullable(),
  /** Where questions about an invoice go. */
  contactEmail: z.string(),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructionsSchema>;

export const invoicingMessages = {
  amount: 'Amount must be more than $0.00, in dollars and cents.',
  amountOver: (due: string) => `Amount must be at most the ${due} still due.`,
  date: 'Payment date must be a date (YYYY-MM-DD), not in the future.',
  method: 'Method must be ACH, check, card or other.',
  reference: 'Reference must be one line of at most 100 characters.',
  invoiceNotFound: 'Invoice not found.',
  invoiceSettled: 'This invoice is already settled.',
  trialPlan: 'Choose Basic or Pro for the trial.',
  trialEnd: 'Trial end must be a date (YYYY-MM-DD) after today and within a year.',
  hours: 'Hours must be more than 0 and at most 1,000, in steps of a quarter hour.',
  hoursTotal: (most: string, rate: string) =>
    `At ${rate}/h these hours come to more than ${most}, the most one invoice may hold; bill them on several invoices.`,
  hoursDescription: 'Description must be one line of 1 to 200 characters.',
  noHourlyRate: "Set the client's hourly rate in Billing presets first.",
  notLocal: 'Payments are recorded by the billing provider, not here.',
  voidReason: 'Say why in one line of 1 to 200 characters.',
  voidNotOpen:
    'Only an open invoice with no payment recorded can be voided. A paid one needs a credit note.',
} as const;

/**
 * The most one invoice may come to, in cents: well inside the 32-bit amounts the invoice
 * tables keep, so a large bill is refused in words instead of failing to be written.
 */
export const MAX_INVOICE_CENTS = 1_000_000_000;

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A day of the calendar: 2026-02-31 is none (a Date would quietly make it March 3). */
const isRealDay = (key: string) => {
  const start = dayStart(key);
  return !Number.isNaN(start.getTime()) && start.toISOString().startsWith(key);
};

/**
 * A YYYY-MM-DD day no later than today in the billing zone (BILLING_TIME_ZONE), the
 * calendar every billing date is read on: a later day would move the period it starts.
 */
export const pastDay = (message: string, timeZone: string) =>
  z
    .string({ error: message })
    .regex(DAY_KEY, message)
    .refine((v) => isRealDay(v) && v <= billingToday(timeZone), message);

/** Dollars with at most two decimals; 0 < amount ≤ $1,000,000. */
export const dollars = (message: string) =>
  z
    .number({ error: message })
    .positive(message)
    .max(1_000_000, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message);

/**
 * An admin types dollars (`amountDollars`, the field a message names); what the server
 * works with is cents, named `amountCents` like every other sum of money it keeps. The
 * date is a day in the billing zone, so the schema is made for it: the server serves the
 * route with its configured zone, the form checks with the zone the invoices answer names.
 */
export const recordPaymentSchema = (timeZone: string) =>
  z
    .object({
      amountDollars: dollars(invoicingMessages.amount),
      paidOn: pastDay(invoicingMessages.date, timeZone),
      method: z.enum(paymentMethods, { error: invoicingMessages.method }),
      reference: z
        .string({ error: invoicingMessages.reference })
        .trim()
        .max(100, invoicingMessages.reference)
        .refine(...singleLine('Reference'))
        .default(''),
    })
    .transform(({ amountDollars, ...payment }) => ({
      ...payment,
      amountCents: Math.round(amountDollars * 100),
    }));

/**
 * The shape the route table declares (types, OpenAPI). Its "today" is UTC's; the server
 * registers the route with recordPaymentSchema(BILLING_TIME_ZONE) instead.
 */
export const RecordPaymentSchema = recordPaymentSchema('UTC');
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

export const trialPlans = ['Basic', 'Pro'] as const;

export const GrantTrialSchema = z.object({
  plan: z.enum(trialPlans, { error: invoicingMessages.trialPlan }),
  endsOn: z
    .string({ error: invoicingMessages.trialEnd })
    .regex(DAY_KEY, invoicingMessages.trialEnd)
    .refine((v) => {
      const start = dayStart(v).getTime();
      return isRealDay(v) && start > Date.now() && start <= Date.now() + 366 * DAY_MS;
    }, invoicingMessages.trialEnd),
});
export type GrantTrialInput = z.input<typeof GrantTrialSchema>;

export const BillHoursSchema = z.object({
  hours: z
    .number({ error: invoicingMessages.hours })
    .positive(invoicingMessages.hours)
    .max(1000, invoicingMessages.hours)
    .refine((v) => Number.isInteger(v * 4), invoicingMessages.hours),
  description: z
    .string({ error: invoicingMessages.hoursDescription })
    .trim()
    .min(1, invoicingMessages.hoursDescription)
    .max(200, invoicingMessages.hoursDescription)
    .refine(...singleLine('Description')),
});
export type BillHoursInput = z.input<typeof BillHoursSchema>;

export const PaymentSchema = z.object({
  id: z.string(),
  /** Cents. */
  amount: z.number().int(),
  /** YYYY-MM-DD. */
  paidOn: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const InvoicingResultSchema = z.object({ message: z.string() });

/** The instructions as plain lines (the PDF, and mail): the reference to quote first. */
export function paymentInstructionLines(
  instructions: PaymentInstructions,
  invoiceNumber: string,
): string[] {
  const lines = [`Please quote ${invoiceNumber} with your payment.`];
  const { ach, check, note } = instructions;
  if (ach) {
    lines.push(
      `ACH or wire transfer: ${ach.bankName}, account name ${ach.accountName}, ` +
        `routing number ${ach.routingNumber}, account number ${ach.accountNumber}.`,
    );
  }
  if (check)
    lines.push(`Check payable to ${check.payableTo}, mailed to ${check.address.join(', ')}.`);
  if (note) lines.push(note);
  if (!ach && !check && !note) {
    lines.push(`Write to ${instructions.contactEmail} and we will arrange payment with you.`);
  }
  return lines;
}

/** An admin voids an open invoice, saying why; the client reads the reason on the invoice. */
export const VoidInvoiceSchema = z.object({
  reason: z
    .string({ error: invoicingMessages.voidReason })
    .trim()
    .min(1, invoicingMessages.voidReason)
    .max(200, invoicingMessages.voidReason)
    .refine(...singleLine('Reason')),
});
export type VoidInvoiceInput = z.input<typeof VoidInvoiceSchema>;
