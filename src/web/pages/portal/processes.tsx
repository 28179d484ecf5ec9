import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { ProcessCard } from './processes/process-card.tsx';
import { isUnderWay, UNDER_WAY_REFRESH_MS } from './processes/run-facts.ts';
import { ExportCsvButton, todayStamp } from './shared/export-csv-button.tsx';
import { csvExports } from './shared/exports-api.ts';
import { myProcessesQuery } from './shared/processes-api.ts';

const title = 'My Processes';
const description = 'Run your automation workflows and see what each one does.';

export const meta = () => pageMeta(title, description);

/** Why Run says "Not allowed" (SPEC §2), once above the list, and how to ask for it. */
function ManualRunsNote() {
  return (
    <p className="mb-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      Your workflows run on their schedules. Running one by hand is switched on by {brand.name} for
      your account.{' '}
      <Link to={paths.contact} className="font-medium text-brand-700 underline">
        Ask us to switch on manual runs
      </Link>
    </p>
  );
}

export default function ProcessesPage() {
  const processes = useQuery({
    ...myProcessesQuery(),
    // A last run still under way (or waiting for n8n's record) updates on its own.
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.lastRun && isUnderWay(p.lastRun.state))
        ? UNDER_WAY_REFRESH_MS
        : false,
  });
  const { capabilities } = useAccount();
  // A failure notice links here with ?runs=<process id>: that process's runs open.
  const [search] = useSearchParams();
  const showRunsOf = search.get('runs');

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
            {capabilities.manualTriggerAllowed ? null : <ManualRunsNote />}
            <ul aria-label="Processes" className="space-y-4">
              {list.map((process) => (
                <ProcessCard
                  key={process._id}
                  process={process}
                  canTrigger={capabilities.manualTriggerAllowed}
                  showRuns={process._id === showRunsOf}
                />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </>
  );
}
