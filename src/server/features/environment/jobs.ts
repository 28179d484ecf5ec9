import { hostname } from 'node:os';
import type { JobRunner, JobState } from '#server/jobs/runner.ts';
import type { BackgroundJob, BackgroundJobs } from '#shared/background-jobs.ts';

// The background jobs of this instance for the Environment screen. The runner keeps their
// state in memory (docs/decisions/023-one-job-runner.md): with several instances, each
// answers for itself, and says which it is.

const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();
const iso = (date: Date | null) => date?.toISOString() ?? null;

function jobOf({ lastStartedAt: _started, ...state }: JobState): BackgroundJob {
  return {
    ...state,
    lastSuccessAt: iso(state.lastSuccessAt),
    lastFailureAt: iso(state.lastFailureAt),
    lastSkippedAt: iso(state.lastSkippedAt),
    nextRunAt: iso(state.nextRunAt),
  };
}

export function backgroundJobs(runner: JobRunner): BackgroundJobs {
  return {
    instance: `${hostname()} (process ${process.pid})`,
    startedAt,
    jobs: runner.states().map(jobOf),
  };
}
