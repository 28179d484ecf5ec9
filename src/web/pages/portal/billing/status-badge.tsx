import type { Invoice } from '#shared/billing-api.ts';
import {
  billingStatusLabel,
  billingStatusTones,
  invoiceStatusTones,
} from '#shared/billing-format.ts';
import { Badge } from '#web/components/badge.tsx';
import type { BillingStatus } from './billing-api.ts';

export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  return <Badge tone={billingStatusTones[status] ?? 'slate'}>{billingStatusLabel(status)}</Badge>;
}

export function InvoiceStatusBadge({ status }: { status: Invoice['status'] }) {
  return <Badge tone={invoiceStatusTones[status] ?? 'slate'}>{billingStatusLabel(status)}</Badge>;
}
