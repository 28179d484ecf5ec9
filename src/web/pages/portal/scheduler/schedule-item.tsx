import { formatDateTime } from '#shared/dates.ts';
import type { Schedule } from '#shared/scheduler.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { CronDetail } from './cron-detail.tsx';
import { describeCron, upcomingRuns, zoneName } from './cron-text.ts';

// One schedule: its process, when it runs in words (the cron itself one click away), the
// zone (UTC when empty, SPEC §9), the next runs (none while paused) and, when the last due
// run was skipped, why. Pause or resume, edit and delete are offered to those who manage schedules.

export interface ScheduleActions {
  onPauseToggle?: () => void;
  onEdit?: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function ScheduleItem({
  schedule,
  actions,
}: {
  schedule: Schedule;
  actions?: ScheduleActions;
}) {
  const reading = describeCron(schedule.cron);
  const runs = schedule.paused ? [] : upcomingRuns(schedule.cron, schedule.timezone);
  const headingId = `schedule-${schedule._id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      {/* On a phone the buttons go below, so the name and its words keep the width. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 sm:flex-1">
          <h3
            id={headingId}
            className="flex flex-wrap items-center gap-2 text-base font-semibold break-words text-slate-900"
          >
            {schedule.processName}
            {schedule.paused ? <Badge tone="slate">Paused</Badge> : null}
          </h3>
          <p className="mt-1 text-sm text-slate-800">{reading ?? 'Custom schedule'}</p>
          <CronDetail cron={schedule.cron} />
        </div>
        {actions ? (
          <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
            {actions.onPauseToggle ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={actions.onPauseToggle}
                disabled={actions.busy}
                aria-label={`${schedule.paused ? 'Resume' : 'Pause'} ${schedule.processName}`}
              >
                {schedule.paused ? 'Resume' : 'Pause'}
              </Button>
            ) : null}
            {actions.onEdit ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={actions.onEdit}
                aria-label={`Edit ${schedule.processName}`}
              >
                Edit
              </Button>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              onClick={actions.onDelete}
              aria-label={`Delete ${schedule.processName}`}
            >
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <div className="min-w-0">
          <dt className="text-slate-600">Timezone</dt>
          <dd className="mt-0.5 text-slate-900">{zoneName(schedule.timezone)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-600">Next runs</dt>
          <dd className="mt-0.5 text-slate-900">
            {schedule.paused ? (
              'None while paused'
            ) : runs.length === 0 ? (
              'None'
            ) : (
              <ol className="space-y-0.5">
                {runs.map((run) => (
                  <li key={run.toISOString()}>
                    <time dateTime={run.toISOString()}>
                      {formatDateTime(run, zoneName(schedule.timezone))}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </dd>
        </div>
      </dl>
      {schedule.lastSkip ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          The run due{' '}
          <time dateTime={schedule.lastSkip.at}>
            {formatDateTime(schedule.lastSkip.at, zoneName(schedule.timezone))}
          </time>{' '}
          was skipped: {schedule.lastSkip.reason}.
        </p>
      ) : null}
    </li>
  );
}
