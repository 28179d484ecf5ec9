import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { schedulerMessages } from '#shared/scheduler.ts';
import { teamMessages } from '#shared/team.ts';
import { Card } from '#web/components/card.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { CreateScheduleForm } from './scheduler/create-schedule-form.tsx';
import { ScheduleList } from './scheduler/schedule-list.tsx';
import { schedulesQuery } from './scheduler/scheduler-api.ts';
import { myProcessesQuery } from './shared/processes-api.ts';

const title = 'Scheduler';
const description = 'Run your workflows on a schedule and see when they run next.';

export const meta = () => pageMeta(title, description);

/** The create form, or why there is none (SPEC §2 Scheduler, DESIGN §1 Teams). */
function CreateSection() {
  const { account, capabilities } = useAccount();
  const processes = useQuery(myProcessesQuery());
  if (!capabilities.canSchedule)
    return (
      <Card>
        <p className="text-slate-800">{schedulerMessages.notEnabled}</p>
        <p className="mt-2 text-sm text-slate-600">
          Scheduling comes with the Basic and Pro plans.{' '}
          <Link to={paths.billing} className="font-medium text-brand-700 underline">
            See plans on Billing
          </Link>
        </p>
      </Card>
    );
  if (account && !account.canManage)
    return (
      <Card>
        <p className="text-slate-800">{teamMessages.schedulesNeedAdmin}</p>
      </Card>
    );
  if (processes.isPending) return <Spinner label="Loading processes…" />;
  return (
    <Card>
      <CreateScheduleForm
        processes={processes.data ?? []}
        minIntervalMinutes={capabilities.scheduleMinIntervalMinutes}
      />
    </Card>
  );
}

export default function SchedulerPage() {
  const schedules = useQuery(schedulesQuery());
  const processes = useQuery(myProcessesQuery());
  const { account, capabilities } = useAccount();
  const canManage = account ? account.canManage : true;

  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="space-y-10">
        <CreateSection />
        <section aria-labelledby="schedules-heading">
          <h2 id="schedules-heading" className="mb-4 text-xl font-semibold text-slate-900">
            Schedules
          </h2>
          <QueryState
            query={schedules}
            loading="Loading schedules…"
            failed="Schedules could not be loaded"
            isEmpty={(list) => list.length === 0}
            empty={
              capabilities.canSchedule && canManage
                ? 'No schedules yet. Create one above.'
                : 'No schedules yet.'
            }
          >
            {(list) => (
              <ScheduleList
                schedules={list}
                canManage={canManage}
                canSchedule={capabilities.canSchedule}
                processes={processes.data ?? []}
                minIntervalMinutes={capabilities.scheduleMinIntervalMinutes}
              />
            )}
          </QueryState>
        </section>
      </div>
    </>
  );
}
