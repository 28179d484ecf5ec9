import { queryOptions } from '@tanstack/react-query';
import type { Account } from '#shared/account.ts';
import { overviewApi } from '#shared/api/overview.ts';
import { type BillingState, billingStateOf } from '#shared/billing-states.ts';
import type { Role } from '#shared/user.ts';
import { callApi } from '#web/lib/call-api.ts';

// The figures of the client's home page and how the account's plan reads there.

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['portal', 'overview'] as const,
    queryFn: ({ signal }) => callApi(overviewApi.client, {}, { signal }),
  });

/**
 * The account's billing state as the home page says it (shared/billing-states.ts): an
 * administrator's own portal is not billed, so it says that rather than a plan.
 */
export function homeBillingState(
  account: Pick<Account, 'subscriptionStatus'>,
  role: Role | undefined,
): BillingState {
  return billingStateOf({ role, subscriptionStatus: account.subscriptionStatus });
}
