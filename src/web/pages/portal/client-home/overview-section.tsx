import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isSubscriptionRunning } from '#shared/billing.ts';
import { billingStateWords, noPlanText, planShown } from '#shared/billing-states.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { ClientOverview } from '#shared/overview.ts';
import { paths } from '#shared/paths.ts';
import { BillingStateBadge } from '#web/components/billing-state-badge.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useAccount } from '#web/lib/account.ts';
import { useSession } from '#web/lib/session.ts';
import { RunStatus } from '../shared/run-status.tsx';
import { homeBillingState, overviewQuery } from './overview-api.ts';
import { ProcessHealthSection } from './process-health-section.tsx';

// The client's overview, what they come to their home page for: plan and status, runs in
// the last seven days with failures, the next scheduled run, how each process is doing,
// the last runs, and for a new account what to do first.

function Stat({ label, children, link }: { label: string; children: ReactNode; link: ReactNode }) {
  return (
    <div className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 flex-1 text-slate-900">{children}</dd>
      <dd className="mt-3 text-sm">{link}</dd>
    </div>
  );
}

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

function Figures({ overview }: { overview: ClientOverview }) {
  const { account } = useAccount();
  const role = useSession()?.user.role;
  const state = account ? homeBillingState(account, role) : null;
  const plan = account && state ? planShown(state, account.plan) : null;
  const { runs, failures, days } = overview.lastDays;
  return (
    <section aria-label="Your account at a glance">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Plan"
          link={
            state === 'not_billed' ? null : (
              <Link to={paths.billing} className={linkClass}>
                Billing
              </Link>
            )
          }
        >
          <span className="flex flex-wrap items-center gap-2">
            {state === 'not_billed' ? null : (
              <span className="text-2xl font-semibold">{account ? (plan ?? noPlanText) : '…'}</span>
            )}
            {state ? <BillingStateBadge state={state} /> : null}
          </span>
          {state === 'not_billed' ? (
            <span className="mt-2 block text-sm text-slate-600">
              {billingStateWords.not_billed.explanation} This is your own view of the portal; use
              Test as client on a client to see theirs.
            </span>
          ) : null}
        </Stat>
        <Stat
          label={`Runs, last ${days} days`}
          link={
            <Link to={paths.clientProcesses} className={linkClass}>
              Processes
            </Link>
          }
        >
          <span className="text-2xl font-semibold tabular-nums">
            {runs.toLocaleString('en-US')}
          </span>
          <span className={`ml-2 text-sm ${failures ? 'text-red-700' : 'text-slate-600'}`}>
            {failures === 0 ? 'no failures' : `${failures.toLocaleString('en-US')} failed`}
          </span>
        </Stat>
        <Stat
          label="Next scheduled run"
          link={
            <Link to={paths.clientScheduler} className={linkClass}>
              Scheduler
            </Link>
          }
        >
          {overview.nextRun ? (
            <>
              <time dateTime={overview.nextRun.at} className="block text-lg font-semibold">
                {formatDateTime(overview.nextRun.at)}
              </time>
              <span className="text-sm break-words text-slate-600">
                {overview.nextRun.processName}
              </span>
            </>
          ) : (
            <span className="text-sm text-slate-600">Nothing scheduled</span>
          )}
        </Stat>
      </dl>
    </section>
  );
}

function RecentRuns({ overview }: { overview: ClientOverview }) {
  return (
    <section
      aria-labelledby="recent-runs-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="recent-runs-heading" className="text-base font-semibold text-slate-900">
          Last runs
        </h2>
        <Link to={paths.clientProcesses} className={`text-sm ${linkClass}`}>
          All processes
        </Link>
      </div>
      {overview.recentRuns.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">
          No runs yet. Runs appear here when a workflow is started by hand or by a schedule.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Last runs">
          {overview.recentRuns.map((run) => (
            <li
              key={run._id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3 text-sm"
            >
              <span className="min-w-0 font-medium break-words text-slate-900">
                {run.processName}
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <RunStatus {...run} />
                <time dateTime={run.startedAt} className="text-slate-600">
                  {formatDateTime(run.startedAt)}
                </time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** For an account still setting up: the steps left, each ticked once done. */
function GetStarted({ overview }: { overview: ClientOverview }) {
  const { account, capabilities } = useAccount();
  const steps = [
    {
      done: isSubscriptionRunning(account?.subscriptionStatus),
      text: 'Choose a plan',
      to: paths.billing,
    },
    {
      done: overview.processCount > 0,
      text: capabilities.hasCatalogAccess
        ? 'Ask for your first workflow from the catalog'
        : 'Tell us which workflow to connect first',
      to: capabilities.hasCatalogAccess ? paths.catalog : paths.contact,
    },
    {
      done: overview.activeScheduleCount > 0 || overview.recentRuns.length > 0,
      text: 'Schedule it, or run it by hand',
      to: paths.clientScheduler,
    },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <section
      aria-labelledby="get-started-heading"
      className="rounded-xl border border-brand-200 bg-brand-50/60 p-5"
    >
      <h2 id="get-started-heading" className="text-base font-semibold text-slate-900">
        Get started
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {steps.map((step, index) => (
          <li key={step.text} className="flex items-center gap-3">
            <span
              className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${step.done ? 'bg-green-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
              aria-hidden="true"
            >
              {step.done ? '✓' : index + 1}
            </span>
            {step.done ? (
              <span className="text-slate-600 line-through">
                {step.text}
                <span className="sr-only"> (done)</span>
              </span>
            ) : (
              <Link to={step.to} className={linkClass}>
                {step.text}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function OverviewSection() {
  const overview = useQuery(overviewQuery());
  return (
    <QueryState
      query={overview}
      loading="Loading your overview…"
      failed="Your overview could not be loaded"
    >
      {(data) => (
        <div className="mb-8 space-y-6">
          <GetStarted overview={data} />
          <Figures overview={data} />
          <ProcessHealthSection overview={data} />
          <RecentRuns overview={data} />
        </div>
      )}
    </QueryState>
  );
}
