import { useQuery } from '@tanstack/react-query';
import { Card } from '#web/components/card.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { overviewQuery } from './analytics-api.ts';

// The three overview figures of SPEC §3 as stat cards. They count everything ever
// recorded, so they do not follow the range filter (the card says so).

const numbers = new Intl.NumberFormat('en-US');

function Stat({ label, value, hint }: { label: string; value: number; hint: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">
        {numbers.format(value)}
      </dd>
      <dd className="mt-1 text-xs text-slate-500">{hint}</dd>
    </Card>
  );
}

export function OverviewCards() {
  const overview = useQuery(overviewQuery());
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="mb-4 text-xl font-semibold text-slate-900">
        Overview
      </h2>
      <QueryState
        query={overview}
        loading="Loading overview…"
        failed="Overview could not be loaded"
      >
        {(data) => (
          <dl className="grid gap-4 sm:grid-cols-3">
            <Stat label="Users" value={data.users} hint="All accounts, admins included" />
            <Stat
              label="Active subscriptions"
              value={data.activeSubscriptions}
              hint="Active or trialing"
            />
            <Stat label="Total runs" value={data.totalRuns} hint="All time, every trigger" />
          </dl>
        )}
      </QueryState>
    </section>
  );
}
