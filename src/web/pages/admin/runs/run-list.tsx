import type { AdminRun } from '#shared/admin-runs.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Badge } from '#web/components/badge.tsx';
import { Icon } from '#web/components/icons.tsx';
import { RunDetail } from './run-detail.tsx';
import { durationText, outcomeOf, triggerText } from './run-text.ts';

// One page of runs, newest first as the server orders them. Each run is a disclosure
// (<details className="group">): its summary line stays one tap target on a phone, and opening it shows
// the detail below without leaving the list or losing the page.

const columns = 'md:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)_7rem_7rem_6rem]';

function RunSummary({ run }: { run: AdminRun }) {
  const outcome = outcomeOf(run);
  return (
    <summary
      className={`grid cursor-pointer list-none grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 group-open:bg-slate-50 hover:bg-slate-50 md:items-center ${columns}`}
    >
      <time dateTime={run.startedAt} className="text-sm font-medium text-slate-900">
        {formatDateTime(run.startedAt)}
      </time>
      <span className="justify-self-end md:order-5 md:justify-self-start">
        <Badge tone={outcome.tone}>{outcome.text}</Badge>
      </span>
      <span className="col-span-2 min-w-0 text-sm break-words text-slate-800 md:order-2 md:col-span-1">
        <span className="font-medium">{run.client.name || run.client.email}</span>
        {run.client.company ? (
          <span className="block text-xs text-slate-600">{run.client.company}</span>
        ) : null}
      </span>
      <span className="col-span-2 min-w-0 text-sm break-words text-slate-800 md:order-3 md:col-span-1">
        {run.process.name}
      </span>
      <span className="text-sm text-slate-600 md:order-4">{triggerText[run.trigger]}</span>
      <span className="flex items-center justify-end gap-2 text-sm text-slate-600 md:order-6 md:justify-between">
        {durationText(run.durationMs)}
        <Icon className="size-4 text-slate-500 transition-transform group-open:rotate-180">
          <path d="M6 9l6 6 6-6" />
        </Icon>
      </span>
    </summary>
  );
}

export function RunList({ runs }: { runs: AdminRun[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div
        aria-hidden="true"
        className={`hidden gap-x-4 ${columns} border-b border-slate-200 px-4 py-2 text-xs font-medium text-slate-600 uppercase md:grid`}
      >
        <span>Started</span>
        <span>Client</span>
        <span>Process</span>
        <span>Trigger</span>
        <span>Outcome</span>
        <span>Duration</span>
      </div>
      <ul aria-label="Runs" className="divide-y divide-slate-200">
        {runs.map((run) => (
          <li key={run._id}>
            <details className="group">
              <RunSummary run={run} />
              <RunDetail run={run} />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
