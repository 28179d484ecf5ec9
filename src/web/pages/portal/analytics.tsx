import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { Card } from '#web/components/card.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { clientAnalyticsQuery } from './analytics/analytics-api.ts';
import { AnalyticsView } from './analytics/analytics-view.tsx';
import { ExportCsvButton, todayStamp } from './shared/export-csv-button.tsx';
import { csvExports } from './shared/exports-api.ts';

const title = 'Analytics';
const description = 'See how often your workflows run and where they fail.';

export const meta = () => pageMeta(title, description);

const analyticsGateText = 'Analytics is not enabled for your account.';

function Gate() {
  return (
    <Card>
      <p className="text-slate-800">{analyticsGateText}</p>
      <p className="mt-2 text-sm text-slate-600">
        Ask us to turn it on, or{' '}
        <Link to={paths.billing} className="font-medium text-brand-700 underline">
          review your plan on Billing
        </Link>
        .
      </p>
    </Card>
  );
}

export default function AnalyticsPage() {
  const { capabilities, isPending } = useAccount();
  const allowed = capabilities.hasAnalyticsAccess;
  // Asked only with the entitlement (the server answers 403 without it). Until the
  // account arrives the stored user's own entitlement is the guess, so an owner's
  // figures load alongside the account rather than after it.
  const analytics = useQuery({ ...clientAnalyticsQuery(), enabled: allowed });

  return (
    <>
      <PageHeader
        title={title}
        description={
          allowed && analytics.data
            ? `${description} Figures cover the last ${analytics.data.retentionDays} days.`
            : description
        }
        actions={
          allowed ? (
            <ExportCsvButton
              csv={csvExports.analytics}
              filename={`analytics-${todayStamp()}.csv`}
            />
          ) : undefined
        }
      />
      {isPending && !allowed ? (
        <Spinner label="Loading your account…" />
      ) : !allowed ? (
        <Gate />
      ) : (
        <QueryState
          query={analytics}
          loading="Loading analytics…"
          failed="Analytics could not be loaded"
        >
          {(data) => <AnalyticsView data={data} />}
        </QueryState>
      )}
    </>
  );
}
