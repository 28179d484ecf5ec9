import { billingStatusLabel, subscriptionChipTone } from '#shared/billing-format.ts';
import { Badge } from './badge.tsx';

/** The subscription status chip of the client list and detail (SPEC §4 colours). */
export function StatusChip({ status }: { status: string }) {
  return <Badge tone={subscriptionChipTone(status)}>{billingStatusLabel(status)}</Badge>;
}

/** Shown when a client has no allowed IPs, i.e. may sign in from anywhere. */
export function NoIpsChip() {
  return <Badge tone="slate">No IPs set</Badge>;
}

/** A closed or erased account; nothing for an open one. */
export function AccountStateChip({
  account,
}: {
  account: { closedAt?: string | null; erasedAt?: string | null };
}) {
  if (account.erasedAt) return <Badge tone="slate">Erased</Badge>;
  if (account.closedAt) return <Badge tone="red">Closed</Badge>;
  return null;
}
