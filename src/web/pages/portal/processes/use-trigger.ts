import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { bodyAnswer, networkText, SNIPPET, statusLine } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { notifyInactiveSubscription } from '../shared/portal-notices.ts';
import { myProcessKeys, triggerProcess } from '../shared/processes-api.ts';

/**
 * Run workflow (SPEC §8 Portal): 402 sends the user to Billing; any other answer is
 * "Triggered" or "Error" with its status and the start of its body; a request that never
 * got an answer is "Request failed". The list and run history reload either way.
 */
export function useTrigger(processId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => triggerProcess(processId),
    onSuccess: async ({ status, ok, body }) => {
      if (status === 402) {
        notifyInactiveSubscription();
        await navigate(paths.billing);
        return;
      }
      toast({
        title: ok ? 'Triggered' : 'Error',
        text: statusLine(status, bodyAnswer(body), SNIPPET.trigger),
        tone: ok ? 'success' : 'error',
      });
    },
    onError: (error) => toast({ title: 'Request failed', text: networkText(error), tone: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myProcessKeys.all }),
  });
}
