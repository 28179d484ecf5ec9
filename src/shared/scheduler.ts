import { Cron } from 'croner';
import { z } from 'zod';

// Schedules (SPEC §5 Scheduler create, §9): five-field cron in an IANA timezone, no
// closer together than the plan allows. The page and the server check with these.

export const DEFAULT_CRON = '0 * * * *';
export const schedulerMessages = {
  validationTitle: 'Validation',
  required: 'Process and cron are required.',
  fiveFields: 'Use five fields: minute hour day-of-month month day-of-week (e.g. 0 * * * *).',
  timezone: 'Choose a valid IANA timezone, such as America/Chicago, or leave it empty for UTC.',
  notEnabled: 'Scheduling is not enabled for your plan.',
} as const;

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Parses a five-field cron; returns the problem in words, or null when it is fine. */
export function cronProblem(cron: string, timezone?: string | null): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return schedulerMessages.fiveFields;
  try {
    const job = new Cron(cron.trim(), { timezone: timezone || 'UTC', paused: true });
    if (!job.nextRun()) return 'This cron expression never runs.';
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^CronPattern: /, '') : '';
    return `Invalid cron expression${detail ? `: ${detail}` : ''}.`;
  }
}

export function nextRuns(
  cron: string,
  timezone: string | null | undefined,
  count: number,
  from?: Date,
) {
  try {
    return new Cron(cron, { timezone: timezone || 'UTC', paused: true }).nextRuns(count, from);
  } catch {
    return [];
  }
}

/**
 * The shortest gap, in minutes, between consecutive runs over the next `sample` runs.
 * Enough to catch patterns like "0,5 * * * *" whose gaps are uneven.
 */
/** The first run strictly after `after`, or null when the expression never fires again. */
export const nextRunAfter = (cron: string, timezone: string | null, after: Date) =>
  nextRuns(cron, timezone, 1, after)[0] ?? null;

export function shortestGapMinutes(cron: string, timezone?: string | null, sample = 300): number {
  const runs = nextRuns(cron, timezone, sample);
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) {
    const gap = (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 60_000;
    if (gap < shortest) shortest = gap;
  }
  return shortest;
}

/** The gap as stored on a schedule: whole minutes, a cron that barely repeats capped. */
export const storedGapMinutes = (gap: number) => Math.min(Math.floor(gap), 1_000_000);

/** Why a due run was skipped after a plan change made its cron too frequent. */
export const planIntervalSkipReason = (minutes: number) =>
  `the plan now allows runs at most every ${minutes} minutes and this schedule runs more often`;

export const intervalMessage = (minutes: number) =>
  `Your plan allows runs at most every ${minutes} minutes; this cron runs more often.`;

const scheduleFields = {
  processId: z
    .string({ error: schedulerMessages.required })
    .trim()
    .min(1, schedulerMessages.required),
  cron: z
    .string({ error: schedulerMessages.required })
    .trim()
    .min(1, schedulerMessages.required)
    .max(120),
  timezone: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isValidTimezone(v), schedulerMessages.timezone),
};

function checkCron(value: { cron?: string; timezone?: string | null }, ctx: z.RefinementCtx): void {
  if (!value.cron) return;
  const problem = cronProblem(value.cron, value.timezone);
  if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem });
}

export const CreateScheduleSchema = z.object(scheduleFields).superRefine(checkCron);
export type CreateScheduleInput = z.input<typeof CreateScheduleSchema>;
export type CreateSchedule = z.output<typeof CreateScheduleSchema>;

/**
 * PATCH /api/scheduler/{id}: pause or resume ({ paused }), or edit the process,
 * cron and timezone with the same checks and messages as creating one. A cron is checked
 * in the timezone sent with it (the schedule's own when none is sent).
 */
export const UpdateScheduleSchema = z
  .object({
    processId: scheduleFields.processId.optional(),
    cron: scheduleFields.cron.optional(),
    timezone: z
      .string()
      .trim()
      .max(64)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null))
      .refine((v) => !v || isValidTimezone(v), schedulerMessages.timezone),
    paused: z.boolean().optional(),
  })
  .superRefine(checkCron)
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'Send paused, or the process, cron and timezone to change.',
  });
export type UpdateScheduleInput = z.input<typeof UpdateScheduleSchema>;
export type UpdateSchedule = z.output<typeof UpdateScheduleSchema>;

/** A schedule as the portal lists it; nextRunAt is when the job loop fires it next. */
export const ScheduleSchema = z.object({
  _id: z.string(),
  processId: z.string(),
  processName: z.string(),
  cron: z.string(),
  timezone: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  /** Paused by the client: it does not run until resumed. */
  paused: z.boolean(),
  createdAt: z.string(),
  /** The last due run that was not started, and why (plan, subscription, process). */
  lastSkip: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;
