import { z } from 'zod';
import { pageCursorMessage } from './page-cursor.ts';

// Analytics answers, computed from recorded runs: the admin's product-wide figures (SPEC
// §7 Admin analytics) and a client's own (GET /api/client/analytics). Rows carry the
// process and client names beside the spec's ids, so screens need not load every client.

/** How the admin's usage is bucketed (UTC). */
export const analyticsPeriods = ['day', 'week', 'month'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

/** The windows the admin screen offers, in days; the server keeps their totals ranked. */
export const analyticsWindowDays = [7, 30, 90, 365] as const;
export type AnalyticsWindowDays = (typeof analyticsWindowDays)[number];

export const analyticsMessages = {
  /** Top processes are read from totals kept for these windows only (decision 018). */
  windowDays: `Top processes cover the last ${analyticsWindowDays.slice(0, -1).join(', ')} or ${analyticsWindowDays.at(-1)} days: choose one of these.`,
} as const;

/** Usage rows per page: a screen of rows, bounded whatever the number of processes. */
export const USAGE_PAGE = { default: 500, max: 1000 } as const;

/** The admin's window: `days` back from today (default 30), usage bucketed by `period`. */
export const AnalyticsWindowQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(3650).default(30),
  period: z.enum(analyticsPeriods).default('day'),
});

/**
 * Top processes take only the kept windows, so every answer is read by rank from kept
 * totals (summing two years of rollups for any other window took seconds), and how many
 * rows to list (default 10, the spec's list).
 */
export const TopProcessesQuerySchema = AnalyticsWindowQuerySchema.extend({
  days: z.coerce
    .number({ error: analyticsMessages.windowDays })
    .pipe(z.literal(analyticsWindowDays, { error: analyticsMessages.windowDays }))
    .default(30)
    .meta({ description: `One of ${analyticsWindowDays.join(', ')} (days).` }),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/**
 * Where the next page of usage rows starts: the last row's period (its first day,
 * YYYY-MM-DD) and process id, e.g. `2026-11-23|0b6f…`. Handed out as `nextCursor` and
 * passed back untouched as `cursor`.
 */
export const UsageCursorSchema = z
  .string()
  .max(100, pageCursorMessage)
  .refine((cursor) => {
    const [period, id, ...rest] = cursor.split('|');
    return (
      rest.length === 0 && z.iso.date().safeParse(period).success && z.uuid().safeParse(id).success
    );
  }, pageCursorMessage);

/**
 * Usage rows come a page at a time, newest period first, each page after the last row of
 * the one before (a keyset on period and process): a deep page costs what the first does,
 * where an offset walked every row before it. The default page is the spec's answer.
 */
export const UsageQuerySchema = AnalyticsWindowQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(USAGE_PAGE.max).default(USAGE_PAGE.default),
  /** The rows after the page that answered this nextCursor. */
  cursor: UsageCursorSchema.optional(),
});
export type UsageQuery = z.output<typeof UsageQuerySchema>;

export const AnalyticsOverviewSchema = z.object({
  users: z.number(),
  activeSubscriptions: z.number(),
  totalRuns: z.number(),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const TopProcessSchema = z.object({
  _id: z.string(),
  name: z.string(),
  clientUserId: z.string(),
  clientName: z.string(),
  runs: z.number(),
  fails: z.number(),
});
export type TopProcess = z.infer<typeof TopProcessSchema>;

export const RunsPerPeriodSchema = z.object({
  /** The first day of the period, YYYY-MM-DD. */
  _id: z.string(),
  runs: z.number(),
  fails: z.number(),
});
export type RunsPerPeriod = z.infer<typeof RunsPerPeriodSchema>;

export const UsageRowSchema = z.object({
  /** period:clientUserId:processId */
  _id: z.string(),
  period: z.string(),
  clientUserId: z.string(),
  processId: z.string(),
  processName: z.string(),
  clientName: z.string(),
  executions: z.number(),
  failures: z.number(),
});
export type UsageRow = z.infer<typeof UsageRowSchema>;

/**
 * Runs per period overall (runsAgg) and per client and process (usage rows). The rows come
 * a page at a time, so an answer stays small whatever the number of processes: at most
 * `limit`, and `nextCursor` for the rows after them (null on the last page). No total is
 * counted: counting the weekly or monthly rows groups every rollup of the window.
 */
export const UsageSchema = z.object({
  runsAgg: z.array(RunsPerPeriodSchema),
  usage: z.array(UsageRowSchema),
  limit: z.number().optional(),
  nextCursor: z.string().nullable().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

// A client's own analytics: runs and failures over the plan's retention window.

const RunCountsSchema = z.object({ runs: z.number(), failures: z.number() });

export const DayStatsSchema = RunCountsSchema.extend({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
});
export type DayStats = z.infer<typeof DayStatsSchema>;

export const ProcessStatsSchema = RunCountsSchema.extend({
  processId: z.string(),
  name: z.string(),
  /** The newest run in the window (ok is null while it is under way); added later. */
  lastRun: z.object({ startedAt: z.string(), ok: z.boolean().nullable() }).nullable(),
});
export type ProcessStats = z.infer<typeof ProcessStatsSchema>;

export const ClientAnalyticsSchema = z.object({
  retentionDays: z.number(),
  since: z.string(),
  byDay: z.array(DayStatsSchema),
  byProcess: z.array(ProcessStatsSchema),
});
export type ClientAnalytics = z.infer<typeof ClientAnalyticsSchema>;
