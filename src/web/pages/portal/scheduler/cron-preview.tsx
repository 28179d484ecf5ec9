import { formatDateTime } from '#shared/dates.ts';
import { describeCron, upcomingRuns, zoneName } from './cron-text.ts';

// While a cron is typed: what it means in words and its next three runs in the chosen
// zone, or what is wrong with it. Announced politely so screen readers follow along.

export function CronPreview({
  id,
  cron,
  timezone,
  problem,
}: {
  id: string;
  cron: string;
  timezone: string;
  /** From scheduleProblem(), worked out once by the form. */
  problem: string | null;
}) {
  const blank = !cron.trim();
  const runs = problem || blank ? [] : upcomingRuns(cron, timezone);
  return (
    <div
      id={id}
      role="status"
      aria-label="When it runs"
      className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm"
    >
      {blank ? (
        <p className="text-slate-600">Type a cron expression to see when it runs.</p>
      ) : problem ? (
        <p className="text-red-700">{problem}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">
            {describeCron(cron) ?? 'A valid cron expression.'}
          </p>
          <p className="mt-2 text-slate-600">Next runs ({zoneName(timezone)}):</p>
          <ol className="mt-1 space-y-0.5 text-slate-800">
            {runs.map((run) => (
              <li key={run.toISOString()}>
                <time dateTime={run.toISOString()}>{formatDateTime(run, zoneName(timezone))}</time>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
