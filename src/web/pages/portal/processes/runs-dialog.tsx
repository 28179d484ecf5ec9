import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MyProcess } from '#shared/processes.ts';
import { Button } from '#web/components/button.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type FilterOption, SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { useAccount } from '#web/lib/account.ts';
import { ExportCsvButton, todayStamp } from '../shared/export-csv-button.tsx';
import { csvExports } from '../shared/exports-api.ts';
import { type RunFilter, runsQuery } from '../shared/processes-api.ts';
import { isUnderWay, UNDER_WAY_REFRESH_MS } from './run-facts.ts';
import { RunItem } from './run-item.tsx';

// A process's recent runs within the plan's log retention (DESIGN §1): who or what
// started each, when, how long it took, the answer's status and the start of its body.

const filters: FilterOption<RunFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'ok', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
];

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
