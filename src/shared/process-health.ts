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
