import { Link } from 'react-router';
import type { ClientAnalytics } from '#shared/analytics.ts';
import { paths } from '#shared/paths.ts';
import { Card } from '#web/components/card.tsx';
import { chartSummary, failureRate, fillDays, totals } from './analytics-data.ts';
import { DaysTable, ProcessesTable } from './analytics-tables.tsx';
import { RunsChart } from './runs-chart.tsx';

// The figures of one account over its log retention window: totals, runs per day and
// runs per process.

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value}</dd>
    </div>
  );
}

export function AnalyticsView({ data }: { data: ClientAnalytics }) {
  const days = fillDays(data.byDay, data.since);
  const { runs, failures } = totals(days);
  const summary = chartSummary(days, data.retentionDays);
  const active = data.byProcess.filter((p) => p.runs > 0).length;

  return (
    <div className="space-y-10">
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Stat label="Runs" value={runs} />
          <Stat label="Failures" value={failures} />
          <Stat label="Failure rate" value={failureRate(runs, failures)} />
          <Stat label="Processes run" value={active} />
        </dl>
      </section>

      <section aria-labelledby="per-day-heading">
        <h2 id="per-day-heading" className="mb-4 text-xl font-semibold text-slate-900">
          Runs per day
        </h2>
        {runs === 0 ? (
          // A quiet period is said in words: a row of empty days reads as a broken chart.
          <Card className="text-center text-sm text-slate-600">
            <p>{summary}</p>
            <p className="mt-1">
              Runs appear here once a workflow is started by hand or by a schedule:{' '}
              <Link to={paths.clientProcesses} className="font-medium text-brand-700 underline">
                go to My Processes
              </Link>
              .
            </p>
          </Card>
        ) : (
          <>
            <Card className="p-4 sm:p-6">
              <p className="mb-4 text-sm text-slate-700">{summary}</p>
              <RunsChart days={days} summary={summary} />
            </Card>
            <details className="group mt-4">
              <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
                Show the figures as a table
              </summary>
              <div className="mt-3">
                <DaysTable days={days} />
              </div>
            </details>
          </>
        )}
      </section>

      <section aria-labelledby="per-process-heading">
        <h2 id="per-process-heading" className="mb-4 text-xl font-semibold text-slate-900">
          Runs per process
        </h2>
        {data.byProcess.length === 0 ? (
          <Card className="text-center text-sm text-slate-600">
            No process has run in the last {data.retentionDays} days.
          </Card>
        ) : (
          <ProcessesTable processes={data.byProcess} />
        )}
      </section>
    </div>
  );
}
