import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { InputField } from '#shared/process-inputs.ts';
import type { MyProcess } from '#shared/processes.ts';
import type { Run } from '#shared/runs.ts';
import { Button } from '#web/components/button.tsx';
import { Icon } from '#web/components/icons.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type FilterOption, SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { useAccount } from '#web/lib/account.ts';
import { readableBody } from '#web/lib/readable-body.ts';
import { ExportCsvButton, todayStamp } from '../shared/export-csv-button.tsx';
import { csvExports } from '../shared/exports-api.ts';
import { type RunFilter, runsQuery } from '../shared/processes-api.ts';
import { formatDuration, triggerLabels } from '../shared/run-format.ts';
import { RunStatus } from '../shared/run-status.tsx';
import { inputLines, isUnderWay, runExplanation, UNDER_WAY_REFRESH_MS } from './run-facts.ts';

// A process's recent runs within the plan's log retention (DESIGN §1): who or what
// started each, when, how long it took, the answer's status and the start of its body.

const filters: FilterOption<RunFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'ok', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
];

function who(run: Run) {
  if (run.trigger === 'schedule') return 'Scheduler';
  return run.triggeredByName ?? 'Unknown user';
}

function RunItem({ run, fields }: { run: Run; fields: InputField[] }) {
  const snippet = run.error ?? run.bodySnippet;
  const explanation = runExplanation(run);
  const inputs = inputLines(run.inputs, fields);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <RunStatus
          state={run.state}
          ok={run.ok}
          statusCode={run.statusCode}
          durationMs={run.durationMs}
          confirmedByN8n={run.confirmedByN8n}
        />
        <time dateTime={run.startedAt} className="font-medium text-slate-900">
          {formatDateTime(run.startedAt)}
        </time>
        {run.ok || run.durationMs === null ? null : (
          <span className="text-slate-600">after {formatDuration(run.durationMs)}</span>
        )}
        {run.confirmedByN8n ? (
          <span className="inline-flex items-center gap-1 text-slate-700">
            <Icon className="size-4 text-green-700">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </Icon>
            Confirmed by n8n
            {run.n8nExecutionId ? (
              <span className="text-slate-600">· execution {run.n8nExecutionId}</span>
            ) : null}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {triggerLabels[run.trigger]} · {who(run)}
      </p>
      {inputs.length ? (
        <ul
          aria-label="Inputs"
          className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-700"
        >
          {inputs.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      ) : null}
      {explanation ? <p className="mt-2 text-sm text-amber-900">{explanation}</p> : null}
      {snippet ? (
        <pre className="mt-2 max-h-40 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">
          {readableBody(snippet)}
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
  const runs = useInfiniteQuery({
    ...runsQuery(process._id, filter),
    enabled: open,
    // A run still under way (or waiting for n8n's record) shows how it ended on its own.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.runs.some((run) => isUnderWay(run.state)))
        ? UNDER_WAY_REFRESH_MS
        : false,
  });
  const { capabilities } = useAccount();
  const days = runs.data?.retentionDays ?? capabilities.logsRetentionDays;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={`Recent runs: ${process.name}`}
      description={`Runs from the last ${days} days.`}
      footer={
        <ExportCsvButton
          csv={csvExports.runs(process._id)}
          filename={`runs-${todayStamp()}.csv`}
          label="Export these runs (CSV)"
        />
      }
    >
      <SegmentedFilter
        legend="Show runs"
        name="run-filter"
        options={filters}
        value={filter}
        onChange={setFilter}
      />
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
              <>
                <ul aria-label="Runs" className="divide-y divide-slate-200">
                  {data.runs.map((run) => (
                    <RunItem key={run._id} run={run} fields={process.inputFields} />
                  ))}
                </ul>
                {runs.hasNextPage ? (
                  <div className="mt-4 flex justify-center">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => runs.fetchNextPage()}
                      disabled={runs.isFetchingNextPage}
                    >
                      {runs.isFetchingNextPage ? 'Loading…' : 'Load older runs'}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </QueryState>
        ) : null}
      </div>
    </ModalDialog>
  );
}
