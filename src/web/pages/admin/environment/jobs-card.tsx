import { useQuery } from '@tanstack/react-query';
import type { BackgroundJob, BackgroundJobs } from '#shared/background-jobs.ts';
import { Badge } from '#web/components/badge.tsx';
import { Card } from '#web/components/card.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { jobsQuery } from './environment-api.ts';
import { failuresInARow, isFailing, jobStatus, jobsSummary, whenText } from './jobs.ts';

// The Environment screen's "Background jobs": each job of the server with its last
// success, its last failure and the error, failing ones first. The server keeps these per
// instance (docs/decisions/023-one-job-runner.md), so the card says which one answered.

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{term}</dt>
      <dd className="break-words text-slate-800">{children}</dd>
    </div>
  );
}

function JobItem({ job }: { job: BackgroundJob }) {
  const status = jobStatus(job);
  const failing = isFailing(job);
  const inARow = failuresInARow(job);
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="font-medium text-slate-900">{job.title}</h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Fact term="Runs">
          {job.singleton ? `${job.cadence}, one instance at a time` : job.cadence}
        </Fact>
        <Fact term="Last success">{whenText(job.lastSuccessAt) || 'None since start'}</Fact>
        <Fact term="Last failure">
          {job.lastFailureAt
            ? `${whenText(job.lastFailureAt)}${inARow ? ` (${inARow})` : ''}`
            : 'None since start'}
        </Fact>
        <Fact term="Next run">{job.running ? 'Running now' : whenText(job.nextRunAt) || '—'}</Fact>
      </dl>
      {job.lastError ? (
        <p
          className={`mt-2 rounded-md px-3 py-2 text-sm break-words ${failing ? 'bg-red-50 text-red-800' : 'bg-slate-50 text-slate-700'}`}
        >
          {failing ? 'Error: ' : 'Last error, before it worked again: '}
          {job.lastError}
        </p>
      ) : null}
      {job.lastSkippedAt && !job.lastSuccessAt && !failing ? (
        <p className="mt-2 text-sm text-slate-600">
          Another instance ran it at its last turn ({whenText(job.lastSkippedAt)}).
        </p>
      ) : null}
    </li>
  );
}

function JobList({ data }: { data: BackgroundJobs }) {
  // Failing jobs first; the rest in the server's order.
  const jobs = [...data.jobs].sort((a, b) => Number(isFailing(b)) - Number(isFailing(a)));
  const anyFailing = jobs.some(isFailing);
  return (
    <>
      <p className="mt-1 text-sm break-words text-slate-600">
        What this server does on its own: scheduled runs, mail, notices, clean-up and backups. As
        seen by {data.instance} since {whenText(data.startedAt)}; with several instances, each shows
        its own.
      </p>
      <p
        aria-live="polite"
        className={`mt-3 text-sm font-semibold ${anyFailing ? 'text-red-800' : 'text-green-800'}`}
      >
        {jobsSummary(jobs)}
      </p>
      <ul aria-label="Background jobs" className="-my-1 divide-y divide-slate-100">
        {jobs.map((job) => (
          <JobItem key={job.name} job={job} />
        ))}
      </ul>
    </>
  );
}

export function JobsCard() {
  const jobs = useQuery(jobsQuery());
  return (
    <section aria-labelledby="background-jobs-heading" className="mt-6">
      <Card className="p-5">
        <h2 id="background-jobs-heading" className="text-lg font-semibold text-slate-900">
          Background jobs
        </h2>
        <QueryState
          query={jobs}
          loading="Loading background jobs…"
          failed="Background jobs could not be loaded"
          isEmpty={(data) => data.jobs.length === 0}
          empty="No background jobs run on this instance."
        >
          {(data) => <JobList data={data} />}
        </QueryState>
      </Card>
    </section>
  );
}
