import { useQuery } from '@tanstack/react-query';
import type { Capabilities } from '#shared/account.ts';
import { accountApi } from '#shared/api/account.ts';
import { authApi } from '#shared/api/auth.ts';
import { capabilitiesOf } from '#shared/plans.ts';
import { callApi } from './call-api.ts';
import { queryClient } from './query-client.ts';
import { setStoredUser, useSession } from './session.ts';

// The account the signed-in user works in (GET /api/account). A team member works in the
// owner's account, so navigation and gates use these capabilities, which the server also
// enforces. Until the answer arrives the stored user's own plan is the best guess.

export const accountKey = ['account'] as const;

export function useAccount() {
  const session = useSession();
  const query = useQuery({
    queryKey: [...accountKey, session?.token ?? ''],
    queryFn: ({ signal }) => callApi(accountApi.read, {}, { signal }),
    enabled: Boolean(session),
  });
  const capabilities: Capabilities = query.data?.capabilities ?? capabilitiesOf(session?.user);
  return { account: query.data ?? null, capabilities, isPending: query.isPending };
}

/**
 * After a plan or profile change: reload the stored user record and the account, so the
 * header, the sidebar and every gate follow at once.
 */
export async function refreshAccount() {
  try {
    const { user } = await callApi(authApi.verify);
    setStoredUser(user);
  } finally {
    await queryClient.invalidateQueries({ queryKey: accountKey });
  }
}
