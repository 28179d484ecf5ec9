import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import type { ClientOverview } from '#shared/overview.ts';
import { paths } from '#shared/paths.ts';
import { type HealthLevel, healthInWords } from '#shared/process-health.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';

// How each of the account's processes is doing, in plain words, worst first: read from
// the rollups by the server (docs/decisions/029-operations-console.md) and said here in
// the reader's own time zone. The error is the one a client reads of a run.

const levels: Record<HealthLevel, { label: string; tone: BadgeTone }> = {
  failing: { label: 'Failing', tone: 'red' },
  degraded: { label: 'Needs attention', tone: 'amber' },
  healthy: { label: 'Healthy', tone: 'green' },
  idle: { label: 'No recent runs', tone: 'slate' },
};

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

export function ProcessHealthSection({ overview }: { overview: ClientOverview }) {
  if (overview.processes.length === 0) return null;
  const more = overview.processCount - overview.processes.length;
  return (
    <section
      aria-labelledby="process-health-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="process-health-heading" className="text-base font-semibold text-slate-900">
          How your processes are doing
        </h2>
        <Link to={paths.clientProcesses} className={`shrink-0 text-sm ${linkClass}`}>
          All processes
        </Link>
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Process health">
        {overview.processes.map((process) => {
          const level = levels[process.health.level];
          const showError =
            process.health.lastError &&
            (process.health.level === 'failing' || process.health.failuresInARow > 0);
          return (
            <li key={process._id} className="px-5 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="min-w-0 font-medium break-words text-slate-900">
                  {process.name}
                </span>
                <Badge tone={level.tone}>{level.label}</Badge>
                {process.isActive ? null : <Badge tone="slate">Paused</Badge>}
              </div>
              <p className="mt-1 text-slate-700">
                {healthInWords(process.health, (iso) => formatDateTime(iso))}
              </p>
              {showError ? (
                <p className="mt-1 line-clamp-2 wrap-anywhere text-red-800">
                  The last error: {process.health.lastError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {more > 0 ? (
        <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-600">
          These {overview.processes.length} need attention most, of{' '}
          {overview.processCount.toLocaleString('en-US')} processes.{' '}
          <Link to={paths.clientProcesses} className={linkClass}>
            See all
          </Link>
        </p>
      ) : null}
    </section>
  );
}
