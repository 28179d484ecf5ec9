import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { MyProcess } from '#shared/processes.ts';
import type { Run } from '#shared/runs.ts';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useAccount } from '#web/lib/account.ts';
import { type RunFilter, runsQuery } from '../shared/processes-api.ts';
import { formatDuration, triggerLabels } from './format.ts';
import { RunStatus } from './run-status.tsx';

// A process's recent runs within the plan's log retention (DESIGN §1): who or what
// started each, when, how long it took, the answer's status and the start of its body.

const filters: { value: RunFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'ok', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
];

function FilterControl({
  value,
  onChange,
}: {
  value: RunFilter;
  onChange: (value: RunFilter) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Show runs</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-0.5">
        {filters.map((filter) => (
          <label
            key={filter.value}
            className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name="run-filter"
              value={filter.value}
              checked={value === filter.value}
              onChange={() => onChange(filter.value)}
              className="sr-only"
            />
            {filter.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function who(run: Run) {
  if (run.trigger === 'schedule') return 'Scheduler';
  return run.triggeredByName ?? 'Unknown user';
}

function RunItem({ run }: { run: Run }) {
  const snippet = run.error ?? run.bodySnippet;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <RunStatus state={run.state} ok={run.ok} statusCode={run.statusCode} />
        <time dateTime={run.startedAt} className="font-medium text-slate-900">
          {formatDateTime(run.startedAt)}
        </time>
        {run.durationMs === null ? null : (
          <span className="text-slate-600">{formatDuration(run.durationMs)}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {triggerLabels[run.trigger]} · {who(run)}
      </p>
      {snippet ? (
        <pre className="mt-2 max-h-24 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">
          {snippet}
        </pre>
      ) : null}
    </li>
  );
}

export function RunsDialog({
  process,
  open,
  onClose,
}: {
  process: MyProcess;
  open: boolean;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState<RunFilter>('all');
  const runs = useQuery({ ...runsQuery(process._id, filter), enabled: open });
  const { capabilities } = useAccount();
  const days = runs.data?.retentionDays ?? capabilities.logsRetentionDays;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={`Recent runs: ${process.name}`}
      description={`Runs from the last ${days} days.`}
    >
      <FilterControl value={filter} onChange={setFilter} />
      <div className="mt-4" aria-live="polite">
        {open ? (
          <QueryState
            query={runs}
            loading="Loading runs…"
            failed="Runs could not be loaded"
            isEmpty={(data) => data.runs.length === 0}
            empty={
              filter === 'all'
                ? `No runs in the last ${days} days.`
                : `No ${filter === 'ok' ? 'successful' : 'failed'} runs in the last ${days} days.`
            }
          >
            {(data) => (
              <ul aria-label="Runs" className="divide-y divide-slate-200">
                {data.runs.map((run) => (
                  <RunItem key={run._id} run={run} />
                ))}
              </ul>
            )}
          </QueryState>
        ) : null}
      </div>
    </ModalDialog>
  );
}
