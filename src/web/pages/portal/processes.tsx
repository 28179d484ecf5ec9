import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { offersRun, useManualRunGate } from './processes/manual-run-gate.ts';
import { ManualRunsNote } from './processes/manual-runs-note.tsx';
import { ProcessCard } from './processes/process-card.tsx';
import { isUnderWay, UNDER_WAY_REFRESH_MS } from './processes/run-facts.ts';
import { ExportCsvButton, todayStamp } from './shared/export-csv-button.tsx';
import { csvExports } from './shared/exports-api.ts';
import { processAnchor } from './shared/process-anchor.ts';
import { myProcessesQuery } from './shared/processes-api.ts';

const title = 'My Processes';
const description = 'Run your automation workflows and see what each one does.';

export const meta = () => pageMeta(title, description);

export default function ProcessesPage() {
  const processes = useQuery({
    ...myProcessesQuery(),
    // A last run still under way (or waiting for n8n's record) updates on its own.
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.lastRun && isUnderWay(p.lastRun.state))
        ? UNDER_WAY_REFRESH_MS
        : false,
  });
  const { gate, account } = useManualRunGate();
  // A failure notice links here with ?runs=<process id>: that process's runs open.
  const [search] = useSearchParams();
  const showRunsOf = search.get('runs');
  // A link to one process (the catalog's approved template) lands on its card, once the
  // list is there: the frame's scroll ran before it was.
  const { hash } = useLocation();
  const linkedTo = hash.slice(1);
  const loaded = processes.isSuccess;
  useEffect(() => {
    if (loaded && linkedTo) document.getElementById(linkedTo)?.scrollIntoView();
  }, [loaded, linkedTo]);

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <ExportCsvButton
            csv={csvExports.runs()}
            filename={`runs-${todayStamp()}.csv`}
            label="Export all runs (CSV)"
          />
        }
      />
      <QueryState
        query={processes}
        loading="Loading processes…"
        failed="Processes could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty="No processes yet. Once we connect a workflow to your account, it appears here."
      >
        {(list) => (
          <>
            <ManualRunsNote gate={gate} account={account} />
            <ul aria-label="Processes" className="space-y-4">
              {list.map((process) => (
                <ProcessCard
                  key={process._id}
                  process={process}
                  canTrigger={offersRun(gate)}
                  showRuns={process._id === showRunsOf}
                  linkedTo={processAnchor(process._id) === linkedTo}
                />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </>
  );
}
