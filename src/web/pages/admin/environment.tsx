import { useQuery } from '@tanstack/react-query';
import { formatTimeWithSeconds } from '#shared/dates.ts';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { CheckGroupCard } from './environment/check-group-card.tsx';
import { groupChecks, stateCounts, summaryText } from './environment/checks.ts';
import { checksQuery } from './environment/environment-api.ts';
import { JobsCard } from './environment/jobs-card.tsx';

const title = 'Environment';
const description =
  'Health checks for the database, payment provider, workflow engine and app settings, and the background jobs.';

export const meta = () => pageMeta(title, description);

export default function AdminEnvironmentPage() {
  const checks = useQuery(checksQuery());
  const rerun = (
    <Button variant="secondary" onClick={() => checks.refetch()} disabled={checks.isFetching}>
      {checks.isFetching ? 'Checking…' : 'Re-run checks'}
    </Button>
  );
  return (
    <>
      <PageHeader title={title} description={description} actions={rerun} />
      <QueryState query={checks} loading="Running checks…" failed="Checks could not be run">
        {(data) => {
          const groups = groupChecks(data);
          const all = groups.flatMap((group) => group.checks);
          // Amber only for a failure: optional integrations left unset are not one.
          const { fail } = stateCounts(all);
          return (
            <>
              <div
                className={`mb-6 flex flex-wrap items-baseline justify-between gap-2 rounded-xl border px-4 py-3 ${fail === 0 ? 'border-green-200 bg-green-50 text-green-900' : 'border-amber-200 bg-amber-50 text-amber-950'}`}
              >
                <p aria-live="polite" className="font-semibold">
                  {summaryText(all)}
                </p>
                <p className="text-sm">Checked at {formatTimeWithSeconds(checks.dataUpdatedAt)}</p>
              </div>
              <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
                {groups.map((group) => (
                  <CheckGroupCard key={group.id} group={group} />
                ))}
              </div>
            </>
          );
        }}
      </QueryState>
      <JobsCard />
    </>
  );
}
