import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { outboxKeys } from './outbox-api.ts';

/** Runs an Outbox action (send again, delete), tells how it went and reloads both lists. */
export function useOutboxAction() {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const act = async (work: () => Promise<{ message: string }>, done: string) => {
    setBusy(true);
    try {
      const { message } = await work();
      toast({ title: done, text: message, tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
    } catch (error) {
      notifyFailure(error, { failed: 'Failed', network: 'Failed' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, act };
}
