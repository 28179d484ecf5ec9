import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { MyProcess } from '#shared/processes.ts';
import {
  type CreateSchedule,
  type CreateScheduleInput,
  CreateScheduleSchema,
  type Schedule,
  schedulerMessages,
} from '#shared/scheduler.ts';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { validationText } from './create-schedule-form.tsx';
import { ScheduleFields } from './schedule-fields.tsx';
import { scheduleCalls, scheduleKeys } from './scheduler-api.ts';

// Editing a schedule: the same fields, checks and messages as creating one,
// sent with PATCH /api/scheduler/{id}. A paused schedule stays paused.

export function EditScheduleDialog({
  schedule,
  processes,
  minIntervalMinutes,
  onClose,
}: {
  schedule: Schedule;
  processes: MyProcess[];
  minIntervalMinutes: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<
    CreateScheduleInput,
    CreateSchedule
  >({
    resolver: zodResolver(CreateScheduleSchema),
    fields: ['processId', 'cron', 'timezone'],
    defaultValues: {
      processId: schedule.processId,
      cron: schedule.cron,
      timezone: schedule.timezone ?? '',
    },
    submit: async (values) => {
      await scheduleCalls.update(schedule._id, values);
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
      return { title: 'Saved', text: 'Schedule updated.' };
    },
    onInvalid: (invalid) =>
      toast({
        title: schedulerMessages.validationTitle,
        text: validationText(invalid),
        tone: 'error',
      }),
  });

  return (
    <ModalDialog
      open
      title="Edit schedule"
      description={schedule.paused ? 'It stays paused until you resume it.' : undefined}
      onClose={onClose}
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
          {isSubmitting ? 'Saving…' : 'Save schedule'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting}>
          <ScheduleFields
            form={form}
            errors={errors}
            processes={processes}
            minIntervalMinutes={minIntervalMinutes}
          />
        </fieldset>
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
