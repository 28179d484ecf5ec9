import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { manualRunsApi } from '#shared/api/manual-runs.ts';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';

// The account's manual runs: on or off, its open request, and asking for them.

export const manualRunsKey = ['portal', 'manual-runs'] as const;

export const manualRunsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: manualRunsKey,
    queryFn: ({ signal }) => callApi(manualRunsApi.state, {}, { signal }),
    enabled,
  });

export function useAskForManualRuns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(manualRunsApi.ask),
    onSuccess: ({ message }) => toast({ title: 'Requested', text: message, tone: 'success' }),
    onError: (error) =>
      toast({ title: 'Could not ask', text: failureMessage(error), tone: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manualRunsKey }),
  });
}
