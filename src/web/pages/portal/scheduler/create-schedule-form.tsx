import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo } from 'react';
import { type FieldErrors, useWatch } from 'react-hook-form';
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
import { fieldIds, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { ApiError } from '#web/lib/api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { notifyInactiveSubscription } from '../shared/portal-notices.ts';
import { CronPreview } from './cron-preview.tsx';
import { scheduleProblem } from './cron-text.ts';
import { scheduleCalls, scheduleKeys } from './scheduler-api.ts';
import { timezoneOptions } from './timezones.ts';

// Scheduler create (SPEC §5, §8): process and cron required ("Validation" notice),
// timezone optional; after success the cron goes back to hourly and the zone to empty.

const emptyValues = { processId: '', cron: DEFAULT_CRON, timezone: '' };

function validationText(errors: FieldErrors<CreateScheduleInput>) {
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
  const ids = { heading: useId(), cron: useId(), preview: useId(), zones: useId() };
  const zones = useMemo(timezoneOptions, []);
  const create = useMutation({ mutationFn: scheduleCalls.create });
  // A refused cron also shows under its field; the notice is SPEC §8's either way.
  const { form, onSubmit, errors, isSubmitting } = useApiForm<CreateScheduleInput, CreateSchedule>({
    resolver: zodResolver(CreateScheduleSchema),
    fields: ['cron'],
    defaultValues: emptyValues,
    submit: async (values) => {
      await create.mutateAsync(values);
      form.reset({ ...emptyValues, processId: values.processId });
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
  const [cron, timezone] = useWatch({ control: form.control, name: ['cron', 'timezone'] });

  // Deferred and memoised: checking a cron walks croner through dozens of runs, which
  // must never make typing lag or repeat on unrelated renders.
  const typedCron = useDeferredValue(cron ?? '');
  const typedZone = useDeferredValue(timezone ?? '');
  const liveProblem = useMemo(
    () => scheduleProblem(typedCron, typedZone, minIntervalMinutes),
    [typedCron, typedZone, minIntervalMinutes],
  );
  // The preview already says what is wrong with the cron; say it once, not twice.
  const cronError =
    errors.cron?.message && errors.cron.message !== liveProblem ? errors.cron.message : undefined;

  return (
    <form aria-labelledby={ids.heading} onSubmit={onSubmit} noValidate>
      <h2 id={ids.heading} className="text-lg font-semibold text-slate-900">
        New schedule
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Runs a workflow on a cron schedule. Your plan allows runs at most every {minIntervalMinutes}{' '}
        minutes.
      </p>
      <fieldset disabled={isSubmitting} className="mt-5 grid gap-5 md:grid-cols-2">
        <SelectField
          label="Process"
          placeholder="Choose a process…"
          options={processes.map((p) => ({ value: p._id, label: p.name }))}
          error={errors.processId?.message}
          hint={
            processes.length === 0
              ? 'No processes yet: once we connect a workflow to your account, you can schedule it here.'
              : undefined
          }
          {...form.register('processId')}
        />
        <TextField
          label="Timezone"
          optional
          placeholder="UTC"
          list={ids.zones}
          autoComplete="off"
          spellCheck={false}
          hint="An IANA zone such as America/Chicago. Empty means UTC."
          error={errors.timezone?.message}
          {...form.register('timezone')}
        />
        <datalist id={ids.zones}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <div className="md:col-span-2">
          <TextField
            id={ids.cron}
            label="Cron expression"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
            hint="minute hour day-of-month month day-of-week, e.g. 0 9 * * 1-5"
            error={cronError}
            aria-invalid={errors.cron || liveProblem ? true : undefined}
            aria-describedby={[
              fieldIds(ids.cron).hint,
              ids.preview,
              cronError ? fieldIds(ids.cron).error : '',
            ]
              .filter(Boolean)
              .join(' ')}
            {...form.register('cron')}
          />
          <div className="mt-3">
            <CronPreview
              id={ids.preview}
              cron={typedCron}
              timezone={typedZone}
              problem={liveProblem}
            />
          </div>
        </div>
      </fieldset>
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create schedule'}
        </Button>
      </div>
    </form>
  );
}
