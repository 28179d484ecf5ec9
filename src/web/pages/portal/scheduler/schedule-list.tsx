import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MyProcess } from '#shared/processes.ts';
import type { Schedule } from '#shared/scheduler.ts';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { describeCron, zoneName } from './cron-text.ts';
import { EditScheduleDialog } from './edit-schedule-dialog.tsx';
import { ScheduleItem } from './schedule-item.tsx';
import { scheduleCalls, scheduleKeys } from './scheduler-api.ts';

// The account's schedules: paused and resumed at a click, edited in a dialog, deleted
// after a confirmation (SPEC §4 has delete; pause, resume and edit are ours).

export function ScheduleList({
  schedules,
  canManage,
  canSchedule,
  processes,
  minIntervalMinutes,
}: {
  schedules: Schedule[];
  canManage: boolean;
  /** Resuming and editing need a plan that schedules; pausing and deleting do not. */
  canSchedule: boolean;
  processes: MyProcess[];
  minIntervalMinutes: number;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Schedule | null>(null);
  const [editing, setEditing] = useState<Schedule | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  const remove = useMutation({
    mutationFn: (id: string) => scheduleCalls.remove(id),
    onSuccess: () => toast({ title: 'Deleted', text: 'Schedule removed.', tone: 'success' }),
    onError: (error) => notifyFailure(error, { failed: 'Delete failed', network: 'Delete failed' }),
    onSettled: async () => {
      setPending(null);
      await refresh();
    },
  });
  const pause = useMutation({
    mutationFn: (schedule: Schedule) =>
      scheduleCalls.update(schedule._id, { paused: !schedule.paused }),
    onSuccess: (saved) =>
      toast({
        title: saved.paused ? 'Paused' : 'Resumed',
        text: saved.paused
          ? `${saved.processName} will not run until you resume it.`
          : `${saved.processName} runs again on its schedule.`,
        tone: 'success',
      }),
    onError: (error) => notifyFailure(error, { failed: 'Change failed', network: 'Change failed' }),
    onSettled: refresh,
  });

  return (
    <>
      <ul aria-label="Schedules" className="space-y-4">
        {schedules.map((schedule) => (
          <ScheduleItem
            key={schedule._id}
            schedule={schedule}
            actions={
              canManage
                ? {
                    onPauseToggle:
                      canSchedule || !schedule.paused ? () => pause.mutate(schedule) : undefined,
                    onEdit: canSchedule ? () => setEditing(schedule) : undefined,
                    onDelete: () => setPending(schedule),
                    busy: pause.isPending && pause.variables?._id === schedule._id,
                  }
                : undefined
            }
          />
        ))}
      </ul>
      {editing ? (
        <EditScheduleDialog
          schedule={editing}
          processes={processes}
          minIntervalMinutes={minIntervalMinutes}
          onClose={() => setEditing(null)}
        />
      ) : null}
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
            {zoneName(pending.timezone)}). This cannot be undone. To stop it for a while, pause it
            instead.
          </p>
        ) : null}
      </ConfirmModal>
    </>
  );
}
