import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import type { MyProcess } from '#shared/processes.ts';
import {
  type CreateSchedule,
  type CreateScheduleInput,
  CreateScheduleSchema,
  DEFAULT_CRON,
  schedulerMessages,
} from '#shared/scheduler.ts';
import { Button } from '#web/components/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { notifyInactiveSubscription } from '../shared/portal-notices.ts';
import { ScheduleFields } from './schedule-fields.tsx';
import { scheduleCalls, scheduleKeys } from './scheduler-api.ts';
import { browserTimezone } from './timezones.ts';

// Scheduler create (SPEC §5, §8): process and cron required ("Validation" notice),
// timezone optional, first offered as the browser's own zone. After success
// the form resets: the cron back to hourly and the zone to empty, as SPEC §5 says.

const emptyValues = { processId: '', cron: DEFAULT_CRON, timezone: '' };

export function validationText(errors: FieldErrors<CreateScheduleInput>) {
  if (errors.processId || errors.cron?.message === schedulerMessages.required)
    return schedulerMessages.required;
  return errors.cron?.message ?? errors.timezone?.message ?? schedulerMessages.required;
}

export function CreateScheduleForm({
  processes,
  minIntervalMinutes,
}: {
  processes: MyProcess[];
  minIntervalMinutes: number;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const headingId = useId();
  // A new key after each schedule made starts the fields afresh (preset choice included).
  const [round, setRound] = useState(0);
  const create = useMutation({ mutationFn: scheduleCalls.create });
  // A refused cron also shows under its field; the notice is SPEC §8's either way.
  const { form, onSubmit, errors, isSubmitting } = useApiForm<CreateScheduleInput, CreateSchedule>({
    resolver: zodResolver(CreateScheduleSchema),
    fields: ['cron'],
    defaultValues: emptyValues,
    submit: async (values) => {
      await create.mutateAsync(values);
      form.reset({ ...emptyValues, processId: processes.length === 1 ? values.processId : '' });
      setRound((n) => n + 1);
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      return { title: 'Created', text: 'Schedule created.' };
    },
    onFailure: async (error) => {
      if (error instanceof ApiError && error.status === 402) {
        notifyInactiveSubscription();
        await navigate(paths.billing);
      } else notifyFailure(error, { failed: 'Create failed', network: 'Request failed' });
    },
    onInvalid: (invalid) =>
      toast({
        title: schedulerMessages.validationTitle,
        text: validationText(invalid),
        tone: 'error',
      }),
  });
  // The browser's zone is known only once the page runs in it.
  useEffect(() => {
    if (!form.getValues('timezone')) form.setValue('timezone', browserTimezone());
  }, [form]);

  return (
    <form aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        New schedule
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Runs a workflow on a schedule. Your plan allows runs at most every {minIntervalMinutes}{' '}
        minutes.
      </p>
      <fieldset disabled={isSubmitting} className="mt-5">
        <ScheduleFields
          key={round}
          form={form}
          errors={errors}
          processes={processes}
          minIntervalMinutes={minIntervalMinutes}
        />
      </fieldset>
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create schedule'}
        </Button>
      </div>
    </form>
  );
}
