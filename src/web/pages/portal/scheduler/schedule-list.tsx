import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Schedule } from '#shared/scheduler.ts';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { describeCron, zoneName } from './cron-text.ts';
import { ScheduleItem } from './schedule-item.tsx';
import { scheduleCalls, scheduleKeys } from './scheduler-api.ts';

// The account's schedules, each deleted after a confirmation (SPEC §4: no edit).

export function ScheduleList({
  schedules,
  canManage,
}: {
  schedules: Schedule[];
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Schedule | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => scheduleCalls.remove(id),
    onSuccess: () => toast({ title: 'Deleted', text: 'Schedule removed.', tone: 'success' }),
    onError: (error) => notifyFailure(error, { failed: 'Delete failed', network: 'Delete failed' }),
    onSettled: async () => {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });

  return (
    <>
      <ul aria-label="Schedules" className="space-y-4">
        {schedules.map((schedule) => (
          <ScheduleItem
            key={schedule._id}
            schedule={schedule}
            onDelete={canManage ? () => setPending(schedule) : undefined}
          />
        ))}
      </ul>
      <ConfirmModal
        open={pending !== null}
        title="Delete this schedule?"
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete schedule'}
        busy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && remove.mutate(pending._id)}
      >
        {pending ? (
          <p>
            <strong>{pending.processName}</strong> will no longer run{' '}
            {(describeCron(pending.cron) ?? pending.cron).replace(/^\w/, (c) => c.toLowerCase())} (
            {zoneName(pending.timezone)}). This cannot be undone.
          </p>
        ) : null}
      </ConfirmModal>
    </>
  );
}
