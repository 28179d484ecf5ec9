import { z } from 'zod';
import { addHistograms, type DurationQuantile, durationQuantile } from './process-health.ts';

// The monthly service report (docs/decisions/029-operations-console.md): what a client's
// processes did in one calendar month, read from the rollups (kept after the raw runs go),
// with the month's incidents and invoices. The report's month is the UTC days of the
// calendar month, because the rollups count UTC days; the PDF says so ("Days in UTC").
// Invoice dates stay in the billing zone, as on the invoices themselves.
// The definitions below are the text both the PDF and the screens print, and the
// functions compute the figures they define, so the words and the numbers agree.

export const serviceReportMessages = {
  month: 'Choose a month as YYYY-MM, for example 2026-10.',
  future: 'That month has not begun yet. Choose this month or an earlier one.',
  beforeAccount: (month: string, opened: string) =>
    `There is no service report for ${month}: the account was opened in ${opened}.`,
  clientNotFound: 'Client not found.',
} as const;

/** A calendar month, 'YYYY-MM'. */
export const MonthKeySchema = z
  .string({ error: serviceReportMessages.month })
  .trim()
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, serviceReportMessages.month);
export type MonthKey = z.infer<typeof MonthKeySchema>;

export const ServiceReportMonthParamsSchema = z.object({ month: MonthKeySchema });
export const ClientServiceReportParamsSchema = z.object({
  id: z.string().min(1).max(100),
  month: MonthKeySchema,
});

/** What each figure means, printed with it on the PDF and beside the screens' picker. */
export const reportDefinitions = {
  days: 'Days in UTC: the report counts whole UTC days of the calendar month.',
  successRate:
    'Success rate: the share of all runs in the month (by hand, scheduled, by API or as a test) that succeeded.',
  scheduledUptime:
    'Uptime: the share of scheduled runs that succeeded. A schedule that fired and failed counts against it.',
  onTime: 'On time: the share of scheduled runs that started within 60 seconds of their due time.',
  longestOutage:
    'Longest outage: the longest time within the month that one process was failing, from the alert that opened its incident to the one that cleared it.',
  source:
    'Counted from the run totals kept per process and day, which stay after the run history itself is deleted.',
} as const;

/** The four sentences that define the report's percentages, in the order printed. */
export const uptimeDefinitionLines = [
  reportDefinitions.successRate,
  reportDefinitions.scheduledUptime,
  reportDefinitions.onTime,
  reportDefinitions.days,
] as const;

// ─── Months ──────────────────────────────────────────────────────────────────────────

const monthParts = (key: string) => {
  const [year, month] = key.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 1 };
};

const keyOf = (year: number, month: number) => {
  const date = new Date(Date.UTC(year, month - 1, 1));
  return date.toISOString().slice(0, 7);
};

/** The UTC month `at` falls in. */
export const utcMonthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The month `count` months after `key` (negative: before). */
export function addMonths(key: string, count: number): string {
  const { year, month } = monthParts(key);
  return keyOf(year, month + count);
}

/** The month's first day and the next month's first day, as day keys and instants (UTC). */
export function monthBounds(key: string) {
  const firstDay = `${key}-01`;
  const nextFirstDay = `${addMonths(key, 1)}-01`;
  return {
    firstDay,
    nextFirstDay,
    start: new Date(`${firstDay}T00:00:00Z`),
    end: new Date(`${nextFirstDay}T00:00:00Z`),
  };
}

/** "October 2026" */
export function monthLabel(key: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(monthBounds(key).start);
}

/** The last `count` whole months before `now`'s UTC month, newest first. */
export function recentMonths(now: Date, count = 12): string[] {
  const current = utcMonthOf(now);
  return Array.from({ length: count }, (_, i) => addMonths(current, -(i + 1)));
}

export interface MonthChoice {
  value: string;
  label: string;
}

/**
 * The pickers' months: this month so far, then the last twelve whole months, none before
 * the account was opened (the server has no report for those). The default is last month
 * when the account had it, otherwise this month.
 */
export function reportMonthChoices(
  now: Date,
  openedAt?: string | Date | null,
): { choices: MonthChoice[]; initial: string } {
  const current = utcMonthOf(now);
  const opened = openedAt ? new Date(openedAt) : null;
  const first = opened && !Number.isNaN(opened.getTime()) ? utcMonthOf(opened) : '';
  const choices = [current, ...recentMonths(now)]
    .filter((key) => key >= first)
    .map((key) => ({
      value: key,
      label: key === current ? `${monthLabel(key)} (so far)` : monthLabel(key),
    }));
  return { choices, initial: choices[1]?.value ?? current };
}

/** Why a month has no report yet (it has not begun), or null. Months compare as text. */
export function futureMonthProblem(key: string, now: Date): string | null {
  return key > utcMonthOf(now) ? serviceReportMessages.future : null;
}

/** "service-report-acme-2026-10.pdf": the account's name in it, so several are told apart. */
export function serviceReportFilename(accountName: string, key: string): string {
  const slug = accountName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `service-report-${slug ? `${slug}-` : ''}${key}.pdf`;
}

// ─── Figures ─────────────────────────────────────────────────────────────────────────

/** What a rollup row (process × UTC day) gives the report. */
export interface RollupFigures {
  runs: number;
  failures: number;
  scheduledRuns: number;
  scheduledFailures: number;
  scheduledOnTime: number;
  durationBuckets: readonly number[];
}

export interface ReportFigures {
  runs: number;
  failures: number;
  scheduledRuns: number;
  scheduledFailures: number;
  scheduledOnTime: number;
  /** Successful runs over all runs; null without runs. */
  successRate: number | null;
  /** Successful scheduled runs over scheduled runs; null without scheduled runs. */
  scheduledUptime: number | null;
  /** Scheduled runs started on time over scheduled runs; null without scheduled runs. */
  onTimeShare: number | null;
  /** The median settled duration, as the bucket's bound; null when none settled. */
  medianDuration: DurationQuantile | null;
}

/** `part` of `whole` (0–1), or null when there is nothing to share. */
export const shareOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.min(1, Math.max(0, part / whole)) : null;

/** The report's figures for any set of rollup rows: one process's, or a whole account's. */
export function figuresOf(rows: readonly RollupFigures[]): ReportFigures {
  let runs = 0;
  let failures = 0;
  let scheduledRuns = 0;
  let scheduledFailures = 0;
  let scheduledOnTime = 0;
  let histogram: number[] = [];
  for (const row of rows) {
    runs += row.runs;
    failures += row.failures;
    scheduledRuns += row.scheduledRuns;
    scheduledFailures += row.scheduledFailures;
    scheduledOnTime += row.scheduledOnTime;
    histogram = addHistograms(histogram, row.durationBuckets);
  }
  return {
    runs,
    failures,
    scheduledRuns,
    scheduledFailures,
    scheduledOnTime,
    successRate: shareOf(runs - failures, runs),
    scheduledUptime: shareOf(scheduledRuns - scheduledFailures, scheduledRuns),
    onTimeShare: shareOf(scheduledOnTime, scheduledRuns),
    medianDuration: durationQuantile(histogram, 0.5),
  };
}

/**
 * A share as a percentage with one decimal, rounded down so 99.96% never reads as a
 * promise kept ("100.0%") when one run failed; "—" when there was nothing to count.
 */
export function formatShare(share: number | null): string {
  if (share === null) return '—';
  const tenths = Math.floor(share * 1000 + 1e-9);
  return `${(tenths / 10).toFixed(1)}%`;
}

/** "under 2.5 s", "over 5 min", "—". */
export function formatQuantile(quantile: DurationQuantile | null): string {
  if (!quantile) return '—';
  return 'underMs' in quantile
    ? `under ${formatSpan(quantile.underMs)}`
    : `over ${formatSpan(quantile.overMs)}`;
}

/** A span of time in words: "250 ms", "2.5 s", "45 min", "3 h 20 min", "2 d 4 h". */
export function formatSpan(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1_000).toFixed(1))} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

// ─── Incidents ───────────────────────────────────────────────────────────────────────

export interface IncidentSpan {
  kind: string;
  openedAt: Date;
  clearedAt: Date | null;
}

/**
 * How long an incident lasted inside [start, end): an ongoing one counts up to `now`
 * (or the month's end, if that came first).
 */
export function overlapMs(incident: IncidentSpan, start: Date, end: Date, now: Date): number {
  const from = Math.max(incident.openedAt.getTime(), start.getTime());
  const until = Math.min((incident.clearedAt ?? now).getTime(), end.getTime(), now.getTime());
  return Math.max(0, until - from);
}

/** The process_failing incident with the longest time inside the month, and that time. */
export function longestOutage<Incident extends IncidentSpan>(
  incidents: readonly Incident[],
  start: Date,
  end: Date,
  now: Date,
): { incident: Incident; ms: number } | null {
  let longest: { incident: Incident; ms: number } | null = null;
  for (const incident of incidents) {
    if (incident.kind !== 'process_failing') continue;
    const ms = overlapMs(incident, start, end, now);
    if (ms > 0 && (!longest || ms > longest.ms)) longest = { incident, ms };
  }
  return longest;
}
