import type { Account } from '#shared/account.ts';
import { type ManualRunGate, manualRunGateOf } from '#shared/run-policy.ts';
import { useAccount } from '#web/lib/account.ts';
import { useSession } from '#web/lib/session.ts';

// Whether Run works for this account before any click, from the shared run policy the
// server refuses with (shared/run-policy.ts). Until the account answers, the stored
// user's own subscription is the best guess, as for the capabilities.

export interface RunGate {
  gate: ManualRunGate;
  account: Account | null;
}

export function useManualRunGate(): RunGate {
  const { account, capabilities } = useAccount();
  const session = useSession();
  const status = account?.subscriptionStatus ?? session?.user.subscription.status ?? null;
  return { gate: manualRunGateOf(capabilities.manualTriggerAllowed, status), account };
}

/** Run is offered: allowed, or a lapsed subscription that Run's notice sends to Billing. */
export const offersRun = (gate: ManualRunGate) => gate === 'allowed' || gate === 'inactive';
