import { z } from 'zod';
import { runErrorKinds } from './run-answers.ts';

// How a process is doing, read from the rollups (docs/decisions/029-operations-console.md).
// Durations are counted per bucket as runs settle; the bounds below are the same as in
// migration 0031's run_duration_bucket_add(), and a test holds the two together.

/** Upper bounds (exclusive, ms) of the duration buckets; the last bucket has none. */
export const DURATION_BUCKET_BOUNDS_MS = [
  100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000,
] as const;

export const DURATION_BUCKETS = DURATION_BUCKET_BOUNDS_MS.length + 1;

const LAST_BOUND_MS = 300_000;

/** A scheduled run that starts within this many seconds of its due time is on time. */
export const ON_TIME_SECONDS = 60;

/** Adds histograms bucket by bucket (a row written before 0031 has an empty one). */
export function addHistograms(total: number[], more: readonly number[]): number[] {
  return Array.from({ length: DURATION_BUCKETS }, (_, i) => (total[i] ?? 0) + (more[i] ?? 0));
}

/** A quantile read from buckets: under a bucket's upper bound, or over the last bound. */
export type DurationQuantile = { underMs: number } | { overMs: number };

/**
 * The duration under which `share` (0–1) of the counted runs finished: the upper bound of
 * the bucket that holds that run; null when no run was counted.
 */
export function durationQuantile(
  histogram: readonly number[],
  share: number,
): DurationQuantile | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(total * share));
  let seen = 0;
  for (const [i, bound] of DURATION_BUCKET_BOUNDS_MS.entries()) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return { underMs: bound };
  }
  return { overMs: LAST_BOUND_MS };
}

// ---- A process's health as the admin list and the client's overview answer it ----
// Read from the rollups, the window totals and process_health, never from the raw runs
// (docs/decisions/029-operations-console.md).

/** The windows a health answer counts, in days (the admin analytics' windows). */
export const HEALTH_WINDOWS = [7, 30] as const;

/** Failures in a row from which a process is failing (the alerts' default). */
export const FAILING_STREAK = 3;

/** Below this share of successes over the window a process needs attention (the alerts' default). */
export const DEGRADED_RATE = 0.9;

export const healthLevels = ['failing', 'degraded', 'healthy', 'idle'] as const;
export type HealthLevel = (typeof healthLevels)[number];

export const DurationQuantileSchema = z.union([
  z.object({ underMs: z.number() }),
  z.object({ overMs: z.number() }),
]);

export const ProcessHealthSchema = z.object({
  level: z.enum(healthLevels),
  /** Share of runs that did not fail (0–1) over the last 7 / 30 UTC days; null without runs. */
  rate7d: z.number().nullable(),
  rate30d: z.number().nullable(),
  runs7d: z.number(),
  runs30d: z.number(),
  failures7d: z.number(),
  failures30d: z.number(),
  /** Median and p95 duration of the settled runs of the 30 days, as bucket bounds. */
  medianMs: DurationQuantileSchema.nullable(),
  p95Ms: DurationQuantileSchema.nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /**
   * The last failure's error: as recorded for an admin; for a client, as a client reads a
   * run's error (clientRunError in run-answers.ts: n8n's address stays with the admins).
   */
  lastError: z.string().nullable(),
  lastErrorKind: z.enum(runErrorKinds).nullable(),
  failuresInARow: z.number(),
  /** When the first failure of the current streak started; null while not failing. */
  failingSince: z.string().nullable(),
});
export type ProcessHealth = z.infer<typeof ProcessHealthSchema>;

/** Successes over runs, null without runs. */
export const successRate = (runs: number, failures: number): number | null =>
  runs > 0 ? Math.max(0, runs - failures) / runs : null;

/** How a process is doing in one word: what the list sorts and colours by. */
export function healthLevel(
  h: Pick<ProcessHealth, 'failuresInARow' | 'runs7d' | 'rate7d' | 'runs30d' | 'rate30d'>,
): HealthLevel {
  if (h.failuresInARow >= FAILING_STREAK) return 'failing';
  if (h.failuresInARow > 0) return 'degraded';
  const rate = h.runs7d > 0 ? h.rate7d : h.rate30d;
  if (rate !== null && rate < DEGRADED_RATE) return 'degraded';
  return h.runs30d > 0 ? 'healthy' : 'idle';
}

/** "98%": floored, so a process with any failure never reads 100%. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  return `${rate >= 1 ? 100 : Math.floor(rate * 100)}%`;
}

function formatMs(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${ms / 1_000} s`;
  return `${ms / 60_000} min`;
}

/** "under 2.5 s", "over 5 min", "—" without a settled run. */
export function formatQuantile(q: DurationQuantile | null): string {
  if (!q) return '—';
  return 'underMs' in q ? `under ${formatMs(q.underMs)}` : `over ${formatMs(q.overMs)}`;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The level as a client reads it, first word of the sentence. */
export const healthLevelLabels: Record<HealthLevel, string> = {
  failing: 'Failing',
  degraded: 'Needs attention',
  healthy: 'Healthy',
  idle: 'No recent runs',
};

/**
 * Health in plain words for a client, e.g. "Healthy: 98% of 412 runs succeeded in the
 * last 30 days" or "Failing: the last 3 runs failed, since Nov 27, 2026, 9:12 AM".
 * `formatAt` names an instant (the reader's zone on a page, UTC on the server).
 */
export function healthInWords(h: ProcessHealth, formatAt: (iso: string) => string): string {
  const rateLine =
    h.runs30d > 0
      ? `${formatRate(h.rate30d)} of ${plural(h.runs30d, 'run', 'runs')} succeeded in the last 30 days`
      : null;
  if (h.level === 'failing' || (h.level === 'degraded' && h.failuresInARow > 0)) {
    const since = h.failingSince ? `, since ${formatAt(h.failingSince)}` : '';
    const streak =
      h.failuresInARow === 1
        ? `the last run failed${h.lastFailureAt ? ` (${formatAt(h.lastFailureAt)})` : ''}`
        : `the last ${h.failuresInARow} runs failed${since}`;
    const label = healthLevelLabels[h.level];
    return h.level === 'degraded' && rateLine
      ? `${label}: ${streak}; ${rateLine}.`
      : `${label}: ${streak}.`;
  }
  if (h.level === 'idle') {
    return h.lastSuccessAt
      ? `No runs in the last 30 days. The last successful run was on ${formatAt(h.lastSuccessAt)}.`
      : 'No runs in the last 30 days.';
  }
  return `${healthLevelLabels[h.level]}: ${rateLine ?? 'no runs in the last 30 days'}.`;
}
