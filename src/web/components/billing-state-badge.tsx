import {
  type BillingState,
  billingStateWords,
  type InvoiceState,
  invoiceStateWords,
} from '#shared/billing-states.ts';
import { Badge } from './badge.tsx';

// The badges of the billing vocabulary (shared/billing-states.ts): one word and one
// colour for a state, on the portal, the admin screens and the pay pages alike.

export function BillingStateBadge({ state }: { state: BillingState }) {
  const words = billingStateWords[state];
  return <Badge tone={words.tone}>{words.label}</Badge>;
}

export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  const words = invoiceStateWords[state];
  return <Badge tone={words.tone}>{words.label}</Badge>;
}
