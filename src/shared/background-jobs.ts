import { z } from 'zod';

// The server's background jobs as the admin Environment screen lists them
// (docs/decisions/023-one-job-runner.md): each job's cadence, its last success and its
// last failure with the error, as the instance that answered has seen them since it
// started. Jobs are fixed in code (about ten), so the list is whole, never paged.

/** More jobs than this is a mistake in the server, not a list to page through. */
export const MAX_BACKGROUND_JOBS = 50;

const When = z.string().nullable();

export const BackgroundJobSchema = z.object({
  /** Its fixed name, the `job` label in /metrics. */
  name: z.string(),
  title: z.string(),
  /** "every 5 seconds", "cron 0 3 * * * (UTC)". */
  cadence: z.string(),
  /** Runs on one instance at a time when several share the database. */
  singleton: z.boolean(),
  running: z.boolean(),
  runs: z.number().int(),
  failures: z.number().int(),
  /** Failures since the last success: more than 0 means it is being tried again. */
  consecutiveFailures: z.number().int(),
  lastSuccessAt: When,
  lastFailureAt: When,
  /** The error of the last failure, kept after later successes. */
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** Its last turn, skipped because another instance was running it. */
  lastSkippedAt: When,
  nextRunAt: When,
});
export type BackgroundJob = z.infer<typeof BackgroundJobSchema>;

/** GET /api/environment/jobs. */
export const BackgroundJobsSchema = z.object({
  /** The instance that answered: its host name and process id. */
  instance: z.string(),
  /** When that instance started, so "never run" can be read against it. */
  startedAt: z.string(),
  jobs: z.array(BackgroundJobSchema).max(MAX_BACKGROUND_JOBS),
});
export type BackgroundJobs = z.infer<typeof BackgroundJobsSchema>;
