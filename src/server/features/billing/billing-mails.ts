import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { billingMail } from '#server/domain/mail/messages/billing.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { formatCents } from '#shared/billing.ts';
import { formatDate, zoneName } from '#shared/dates.ts';
import { paymentInstructionLines } from '#shared/invoicing.ts';
import { paths } from '#shared/paths.ts';

// The billing mails every plan gets, so nobody learns of an invoice or a lapsed plan only
// by opening Billing: an invoice issued, a payment received, a payment overdue, the plan
// changed. Written to the outbox in the same transaction as the change, so a mail goes
// out exactly when the change happened.

/** "Mar 5, 2026 (Central Time)": a day on the billing zone's calendar, saying which. */
const day = (date: Date, timeZone: string) =>
  `${formatDate(date, timeZone)} (${zoneName(timeZone, date)})`;

/**
 * Queues one billing mail: "Hello name,", the paragraphs, then the Billing button after
 * `lead` (domain/mail/messages/billing.tsx).
 */
async function send(
  db: Db,
  clientId: string,
  mail: { subject: string; paragraphs: string[]; lead: string; billingUrl: string },
  kind: string,
) {
  const client = await findUserById(db, clientId);
  if (!client) return;
  await queueMail(db, {
    kind,
    to: client.email,
    ...(await billingMail({ name: client.name, ...mail })),
  });
}

export interface BillingMailContext {
  publicUrl: string;
  instructions?: InvoicingConfig['instructions'];
}

export function invoiceIssuedMail(
  db: Db,
  ctx: BillingMailContext & { timeZone: string },
  invoice: {
    clientUserId: string;
    number: string;
    amount: number;
    dueAt: Date | null;
    description: string;
  },
) {
  return send(
    db,
    invoice.clientUserId,
    {
      subject: `Invoice ${invoice.number} for ${formatCents(invoice.amount)}`,
      paragraphs: [
        `Invoice ${invoice.number} is ready: ${invoice.description}, ${formatCents(invoice.amount)}${invoice.dueAt ? `, due ${day(invoice.dueAt, ctx.timeZone)}` : ''}.`,
        (ctx.instructions ? paymentInstructionLines(ctx.instructions, invoice.number) : []).join(
          '\n',
        ),
      ],
      lead: 'See it and download the PDF on Billing:',
      billingUrl: `${ctx.publicUrl}${paths.billing}`,
    },
    'billing-invoice',
  );
}

export function paymentReceivedMail(
  db: Db,
  ctx: BillingMailContext,
  payment: {
    clientUserId: string;
    number: string;
    amount: number;
    stillDue: number;
    /** For a void invoice: the money waits on the account for the next invoices. */
    heldAsCredit?: boolean;
  },
) {
  return send(
    db,
    payment.clientUserId,
    {
      subject: `Payment received for invoice ${payment.number}`,
      paragraphs: [
        [
          `Thank you: we received ${formatCents(payment.amount)} for invoice ${payment.number}.`,
          payment.heldAsCredit
            ? 'That invoice was cancelled, so the amount is credit on your account, used for your next invoices.'
            : payment.stillDue > 0
              ? `${formatCents(payment.stillDue)} is still due on it.`
              : 'The invoice is now paid in full.',
        ].join('\n'),
      ],
      lead: 'Billing:',
      billingUrl: `${ctx.publicUrl}${paths.billing}`,
    },
    'billing-payment',
  );
}

export function paymentOverdueMail(
  db: Db,
  ctx: BillingMailContext,
  overdue: { clientUserId: string; number: string | null },
) {
  return send(
    db,
    overdue.clientUserId,
    {
      subject: 'Payment overdue: your workflows are paused',
      paragraphs: [
        `${overdue.number ? `Invoice ${overdue.number}` : 'Your latest invoice'} is past its due date, so your subscription is past due: manual and scheduled runs are paused until it is paid.`,
      ],
      lead: 'See how to pay on Billing:',
      billingUrl: `${ctx.publicUrl}${paths.billing}`,
    },
    'billing-overdue',
  );
}

export function planChangedMail(
  db: Db,
  ctx: BillingMailContext,
  change: { clientUserId: string; summary: string },
) {
  return send(
    db,
    change.clientUserId,
    {
      subject: 'Your plan changed',
      paragraphs: [change.summary],
      lead: 'Billing:',
      billingUrl: `${ctx.publicUrl}${paths.billing}`,
    },
    'billing-plan',
  );
}

/** A change to the books the client should hear of: a credit note, a reversed payment. */
export function booksMail(
  db: Db,
  ctx: BillingMailContext,
  mail: { clientUserId: string; subject: string; lines: string[] },
) {
  return send(
    db,
    mail.clientUserId,
    {
      subject: mail.subject,
      // Lines a blank one apart are paragraphs, as they were written.
      paragraphs: mail.lines.join('\n').split(/\n\s*\n/),
      lead: 'Billing:',
      billingUrl: `${ctx.publicUrl}${paths.billing}`,
    },
    'billing-books',
  );
}
