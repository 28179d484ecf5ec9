import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MyProcess } from '#shared/processes.ts';
import { mayRetry } from '#shared/runs.ts';
import { Button } from '#web/components/button.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type FilterOption, SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { useAccount } from '#web/lib/account.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { ExportCsvButton, todayStamp } from '../shared/export-csv-button.tsx';
import { csvExports } from '../shared/exports-api.ts';
import { type RunFilter, runsQuery } from '../shared/processes-api.ts';
import { isUnderWay, UNDER_WAY_REFRESH_MS } from './run-facts.ts';
import { RunItem } from './run-item.tsx';
import { useRetry } from './use-retry.ts';

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
  canTrigger,
}: {
  process: MyProcess;
  open: boolean;
  onClose: () => void;
  /** The plan lets this account run workflows by hand, so runs may be run again. */
  canTrigger: boolean;
}) {
  const [filter, setFilter] = useState<RunFilter>('all');
  const retry = useRetry();
  const byAdmin = useIsImpersonating();
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
                    <RunItem
                      key={run._id}
                      run={run}
                      fields={process.inputFields}
                      onRetry={
                        canTrigger && mayRetry(run, byAdmin)
                          ? () => retry.mutate(run._id)
                          : undefined
                      }
                      retrying={retry.isPending && retry.variables === run._id}
                    />
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
