import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runRetryApi } from '#shared/api/run-retry.ts';
import { type Run, runMessages } from '#shared/runs.ts';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { networkText } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { notifyInactiveSubscription } from '../shared/portal-notices.ts';
import { myProcessKeys } from '../shared/processes-api.ts';

// Run again, from the run history: the new run's outcome as a notice, and the history
// reloads with the pair (shared/api/run-retry.ts).

function outcomeText(run: Run): { text: string; tone: 'success' | 'error' | 'info' } {
  if (run.state === 'running') return { text: runMessages.stillRunning, tone: 'info' };
  if (run.state === 'following') return { text: runMessages.following, tone: 'info' };
  if (run.state === 'accepted') return { text: runMessages.accepted, tone: 'info' };
  if (run.ok) return { text: 'The workflow ran successfully this time.', tone: 'success' };
  // The server words a run's error for clients already (shared/run-answers.ts).
  const why = run.error ?? `the workflow answered ${run.statusCode}.`;
  return { text: `It failed again: ${why}`, tone: 'error' };
}

export function useRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => callApi(runRetryApi.retry, { params: { runId } }),
    onSuccess: ({ run }) => toast({ title: 'Run again', ...outcomeText(run) }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 402) return notifyInactiveSubscription();
      const text = error instanceof ApiError ? error.message : networkText(error);
      toast({ title: 'Could not run it again', text, tone: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myProcessKeys.all }),
  });
}
