import { useQuery } from '@tanstack/react-query';
import { type Attention, allClear, setupComplete } from '#shared/attention.ts';
import { formatTime } from '#shared/dates.ts';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { EnvironmentSection, useFailingChecks } from './admin-home/environment-section.tsx';
import { FailingSection } from './admin-home/failing-section.tsx';
import { ItemSection } from './admin-home/item-section.tsx';
import { ManualRunsSection } from './admin-home/manual-runs-section.tsx';
import { SetupChecklist } from './admin-home/setup-checklist.tsx';
import { attentionQuery } from './admin-home/today-api.ts';

// /admin, Today: what needs attention now, each item one click from where it is dealt
// with (docs/decisions/029-operations-console.md). It replaces the redirect to the legal
// suite, which stays at /admin/legal.

const title = 'Today';
const description =
  'What needs attention now, newest first. Each item opens where it is dealt with.';

export const meta = () => pageMeta(title, description);

function AllClear({ checkedAt }: { checkedAt: number }) {
  return (
    <section
      aria-labelledby="today-clear"
      className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-900 shadow-sm"
    >
      <h2 id="today-clear" className="text-lg font-semibold">
        All clear
      </h2>
      <p className="mt-1 text-sm">
        No process failing, no run interrupted, nothing past due and nothing waiting on you. Checked
        at {formatTime(checkedAt)}.
      </p>
    </section>
  );
}

function TodayView({ answer, checkedAt }: { answer: Attention; checkedAt: number }) {
  const environment = useFailingChecks(answer.environmentKeys);
  const { setup } = answer;
  const fresh = !setup.hasClient;
  const showSetup = !setupComplete(setup.steps);
  const clear = allClear(answer) && environment.failing.length === 0;
  const side = (
    ['alerts', 'runs', 'billing', 'requests', 'manualRuns', 'mail', 'enquiries'] as const
  ).filter((id) => answer[id].total > 0);
  return (
    <div className="space-y-6">
      {fresh && showSetup ? <SetupChecklist steps={setup.steps} fresh /> : null}
      {clear && !(fresh && showSetup) ? <AllClear checkedAt={checkedAt} /> : null}
      {answer.failing.total > 0 ? <FailingSection section={answer.failing} /> : null}
      {side.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {side.map((id) =>
            id === 'manualRuns' ? (
              <ManualRunsSection key={id} section={answer[id]} />
            ) : (
              <ItemSection key={id} id={id} section={answer[id]} />
            ),
          )}
        </div>
      ) : null}
      <EnvironmentSection {...environment} />
      {!fresh && showSetup ? <SetupChecklist steps={setup.steps} fresh={false} /> : null}
    </div>
  );
}

export default function AdminHome() {
  const today = useQuery(attentionQuery());
  const refresh = (
    <Button variant="secondary" onClick={() => today.refetch()} disabled={today.isFetching}>
      {today.isFetching ? 'Refreshing…' : 'Refresh'}
    </Button>
  );
  return (
    <>
      <PageHeader title={title} description={description} actions={refresh} />
      <QueryState query={today} loading="Looking at today…" failed="Today could not be loaded">
        {(answer) => <TodayView answer={answer} checkedAt={today.dataUpdatedAt} />}
      </QueryState>
    </>
  );
}
