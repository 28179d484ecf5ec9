import type { Invoice } from '#shared/billing-api.ts';
import { invoiceStateOf } from '#shared/billing-states.ts';
import { InvoiceStateBadge } from '#web/components/billing-state-badge.tsx';

/** Paid, Unpaid, Overdue once past its due date, or Void (shared/billing-states.ts). */
export function InvoiceStatusBadge({ invoice }: { invoice: Invoice }) {
  return <InvoiceStateBadge state={invoiceStateOf(invoice)} />;
}
