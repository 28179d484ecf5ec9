import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { ApiError } from '#web/lib/api.ts';
import { bodyAnswer, networkText, SNIPPET, statusLine } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { notifyInactiveSubscription } from '../shared/portal-notices.ts';
import { myProcessKeys, type TriggerAnswer, triggerProcess } from '../shared/processes-api.ts';

/**
 * Run workflow (SPEC §8 Portal): 402 sends the user to Billing; any other answer is
 * "Triggered" or "Error" with its status and the start of its body; a request that never
 * got an answer is "Request failed". A 202 (n8n only accepted the run, or the
 * workflow is still running) is told as information, since its outcome comes later. The
 * list and run history reload either way.
 */
export function useTrigger(processId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function announce({ status, ok, body }: TriggerAnswer) {
    if (status === 402) {
      notifyInactiveSubscription();
      await navigate(paths.billing);
      return;
    }
    toast({
      title: ok ? 'Triggered' : 'Error',
      text: statusLine(status, bodyAnswer(body), SNIPPET.trigger),
      tone: status === 202 ? 'info' : ok ? 'success' : 'error',
    });
  }

  return useMutation({
    mutationFn: (inputs?: Record<string, unknown>) => triggerProcess(processId, inputs),
    onSuccess: announce,
    onError: (error) => {
      // Refused inputs are shown on the Run dialog's fields (triggerProcess).
      if (error instanceof ApiError) return;
      toast({ title: 'Request failed', text: networkText(error), tone: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myProcessKeys.all }),
  });
}
