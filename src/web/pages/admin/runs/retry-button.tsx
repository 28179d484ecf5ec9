import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminRun } from '#shared/admin-runs.ts';
import { adminRunsApi } from '#shared/api/admin-runs.ts';
import type { Run } from '#shared/runs.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { networkText } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { runsKeys } from './runs-api.ts';

// Retry from the Runs screen. It calls the client's live webhook on their account, so it
// asks first, and says how the new run went; the list reloads with the new run on top.

function outcomeOf(run: Run): { text: string; tone: 'success' | 'error' | 'info' } {
  if (run.state !== 'finished')
    return { text: 'The new run is under way: it shows in the list.', tone: 'info' };
  if (run.ok) return { text: 'The new run succeeded.', tone: 'success' };
  return { text: `The new run failed: ${run.error ?? `status ${run.statusCode}`}.`, tone: 'error' };
}

export function RetryButton({ run }: { run: AdminRun }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => callApi(adminRunsApi.retry, { params: { runId: run._id } }),
    onSuccess: ({ run: retried }) => toast({ title: 'Run again', ...outcomeOf(retried) }),
    onError: (error) => {
      const text = error instanceof ApiError ? error.message : networkText(error);
      toast({ title: 'Could not run it again', text, tone: 'error' });
    },
    onSettled: () => {
      setAsking(false);
      return queryClient.invalidateQueries({ queryKey: runsKeys.all });
    },
  });
  const underWay = run.state === 'running' || run.state === 'following';

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)} disabled={underWay}>
        Retry
      </Button>
      <ConfirmModal
        open={asking}
        title="Run this again?"
        confirmLabel={retry.isPending ? 'Running…' : 'Run again'}
        confirmVariant="primary"
        busy={retry.isPending}
        onConfirm={() => retry.mutate()}
        onCancel={() => setAsking(false)}
      >
        <p>
          “{run.process.name}” of {run.client.name} runs again with the same inputs. It calls the
          client’s live webhook, on their plan, and is written to the audit log.
        </p>
      </ConfirmModal>
    </>
  );
}
