import { useDeferredValue } from 'react';
import {
  describeCron,
  formatInZone,
  scheduleProblem,
  upcomingRuns,
  zoneName,
} from './cron-text.ts';

// While a cron is typed: what it means in words and its next three runs in the chosen
// zone, or what is wrong with it. Announced politely so screen readers follow along.

export function CronPreview({
  id,
  cron,
  timezone,
  minIntervalMinutes,
}: {
  id: string;
  cron: string;
  timezone: string;
  minIntervalMinutes: number;
}) {
  // Deferred: working out the next runs must never make typing lag.
  const deferredCron = useDeferredValue(cron);
  const deferredZone = useDeferredValue(timezone);
  const problem = scheduleProblem(deferredCron, deferredZone, minIntervalMinutes);
  const reading = problem ? null : describeCron(deferredCron);
  const runs = problem || !deferredCron.trim() ? [] : upcomingRuns(deferredCron, deferredZone);

  return (
    <div
      id={id}
      aria-live="polite"
      className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm"
    >
      {!deferredCron.trim() ? (
        <p className="text-slate-600">Type a cron expression to see when it runs.</p>
      ) : problem ? (
        <p className="text-red-700">{problem}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">{reading ?? 'A valid cron expression.'}</p>
          <p className="mt-2 text-slate-600">Next runs ({zoneName(deferredZone)}):</p>
          <ol className="mt-1 space-y-0.5 text-slate-800">
            {runs.map((run) => (
              <li key={run.toISOString()}>
                <time dateTime={run.toISOString()}>{formatInZone(run, deferredZone)}</time>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
