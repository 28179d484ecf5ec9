import { z } from 'zod';
import { ProcessHealthSchema } from './process-health.ts';
import { runErrorKinds } from './run-answers.ts';
import { runStates, runTriggers } from './runs.ts';

// What a client comes to /client for: runs and failures in the last seven days, the last
// runs, the next scheduled run, how each process is doing, and how far a new account has got.

export const OVERVIEW_DAYS = 7;
export const OVERVIEW_RECENT_RUNS = 5;
/** Processes whose health the overview lists, worst first (processCount says how many in all). */
export const OVERVIEW_HEALTH_PROCESSES = 20;

export const OverviewRunSchema = z.object({
  _id: z.string(),
  processId: z.string(),
  processName: z.string(),
  startedAt: z.string(),
  state: z.enum(runStates),
  ok: z.boolean().nullable(),
  statusCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  trigger: z.enum(runTriggers),
  /** The outcome is n8n's own record ("Failed in n8n"), and why a run failed. */
  confirmedByN8n: z.boolean(),
  errorKind: z.enum(runErrorKinds).nullable(),
});
export type OverviewRun = z.infer<typeof OverviewRunSchema>;

/**
 * A process's health as its client reads it: the figures, with the last error as a client
 * reads a run's error, and the same in plain words (times in UTC; the page says them in
 * the reader's zone).
 */
export const OverviewProcessSchema = z.object({
  _id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  health: ProcessHealthSchema,
  words: z.string(),
});
export type OverviewProcess = z.infer<typeof OverviewProcessSchema>;

export const ClientOverviewSchema = z.object({
  /** Runs and failures over the last OVERVIEW_DAYS UTC days, today included. */
  lastDays: z.object({ days: z.number(), runs: z.number(), failures: z.number() }),
  recentRuns: z.array(OverviewRunSchema),
  nextRun: z.object({ at: z.string(), processName: z.string(), scheduleId: z.string() }).nullable(),
  processCount: z.number(),
  /** Schedules that will run (paused ones not counted). */
  activeScheduleCount: z.number(),
  /** The account's processes with their health, worst first, at most OVERVIEW_HEALTH_PROCESSES. */
  processes: z.array(OverviewProcessSchema),
});
export type ClientOverview = z.infer<typeof ClientOverviewSchema>;
