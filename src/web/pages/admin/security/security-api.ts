import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { securityApi } from '#shared/api/security.ts';
import type { SecurityState } from '#shared/security.ts';
import { callApi } from '#web/lib/call-api.ts';

// The admin IP lock calls (SPEC §7 Admin). Every call answers with the caller's IP and
// the lock now in force, which replaces the cached state. Nothing is refetched after a
// change: once the lock names another address, every further admin call is refused.

export const securityKeys = { state: ['admin', 'security', 'ip'] as const };

export const securityQuery = () =>
  queryOptions({
    queryKey: securityKeys.state,
    queryFn: () => callApi(securityApi.state),
  });

export function useLockChange<TVariables>(send: (variables: TVariables) => Promise<SecurityState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => queryClient.setQueryData(securityKeys.state, state),
  });
}

export const securityCalls = {
  lock: (ip: string) => callApi(securityApi.lock, { body: { ip } }),
  unlock: () => callApi(securityApi.unlock),
};
