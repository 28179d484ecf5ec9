import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { MyProcess } from '#shared/processes.ts';
import type { CreateSchedule, CreateScheduleInput } from '#shared/scheduler.ts';
import { fieldIds, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { CronPreview } from './cron-preview.tsx';
import { scheduleProblem } from './cron-text.ts';
import {
  cronOf,
  isRepeat,
  type Preset,
  presetOf,
  repeatOptions,
  weekdayOptions,
} from './schedule-presets.ts';
import { timezoneOptions } from './timezones.ts';

// The fields of a schedule, for creating and for editing one: the process, how
// often (a preset that writes the cron, or a custom cron as the advanced option), the
// timezone from a searchable list, and what the schedule means with its next runs.

type ScheduleForm = UseFormReturn<CreateScheduleInput, unknown, CreateSchedule>;

export function ScheduleFields({
  form,
  errors,
  processes,
  minIntervalMinutes,
}: {
  form: ScheduleForm;
  errors: FieldErrors<CreateScheduleInput>;
  processes: MyProcess[];
  minIntervalMinutes: number;
}) {
  const ids = { cron: useId(), preview: useId(), zones: useId() };
  const zones = useMemo(timezoneOptions, []);
  // form.watch, not useWatch: one hook fewer in the react-hook-form chunk the public
  // pages share (DESIGN §6); this small form re-renders as a whole anyway.
  const [cron, timezone] = form.watch(['cron', 'timezone']);
  // The preset follows the cron (a reset, an edited schedule) unless custom was chosen.
  const [customChosen, setCustomChosen] = useState(false);
  const read = presetOf(cron ?? '');
  const preset: Preset = customChosen ? { ...read, repeat: 'custom' } : read;
  const choose = (next: Partial<Preset>) => {
    const merged = { ...preset, ...next };
    setCustomChosen(merged.repeat === 'custom');
    const written = cronOf(merged);
    if (written) form.setValue('cron', written, { shouldDirty: true });
  };

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
  const custom = preset.repeat === 'custom';

  return (
    <div className="grid gap-5 md:grid-cols-2">
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
        hint="Type to search, e.g. Chicago. Empty means UTC."
        error={errors.timezone?.message}
        {...form.register('timezone')}
      />
      <datalist id={ids.zones}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <SelectField
        label="Repeats"
        options={repeatOptions}
        value={preset.repeat}
        onChange={(event) => {
          if (isRepeat(event.target.value)) choose({ repeat: event.target.value });
        }}
      />
      {preset.repeat === 'daily' || preset.repeat === 'weekdays' || preset.repeat === 'weekly' ? (
        <div className="grid grid-cols-2 gap-3">
          {preset.repeat === 'weekly' ? (
            <SelectField
              label="On"
              options={weekdayOptions}
              value={preset.weekday}
              onChange={(event) => choose({ weekday: event.target.value })}
            />
          ) : null}
          <TextField
            label="At"
            type="time"
            required
            value={preset.time}
            onChange={(event) => choose({ time: event.target.value })}
            className={preset.repeat === 'weekly' ? '' : 'col-span-2 sm:col-span-1'}
          />
        </div>
      ) : (
        <div className="hidden md:block" />
      )}
      <div className="md:col-span-2">
        {custom ? (
          <TextField
            id={ids.cron}
            label="Cron expression"
            autoComplete="off"
            spellCheck={false}
            className="mb-3 [&_input]:font-mono"
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
        ) : (
          <input type="hidden" {...form.register('cron')} />
        )}
        <CronPreview id={ids.preview} cron={typedCron} timezone={typedZone} problem={liveProblem} />
      </div>
    </div>
  );
}
