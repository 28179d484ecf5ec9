import type { BackgroundJob } from '#shared/background-jobs.ts';
import { formatDateTime, formatTimeWithSeconds } from '#shared/dates.ts';
import type { BadgeTone } from '#web/components/badge.tsx';

// How the Environment screen words a background job: its state in one word and colour
// (never colour alone), the summary line, and times to the second when they are today.
// Pure, so it is tested without a browser.

export interface JobStatus {
  label: string;
  tone: BadgeTone;
}

/** A failing job says so even while it is being tried again. */
export function jobStatus(job: BackgroundJob): JobStatus {
  if (job.consecutiveFailures > 0) return { label: 'Failing', tone: 'red' };
  if (job.running) return { label: 'Running', tone: 'blue' };
  if (job.lastSuccessAt) return { label: 'Working', tone: 'green' };
  if (job.lastSkippedAt) return { label: 'On another instance', tone: 'slate' };
  return { label: 'Not run yet', tone: 'slate' };
}

export const isFailing = (job: BackgroundJob) => job.consecutiveFailures > 0;

/** "9 jobs, none failing", "9 jobs, 1 failing": a job that has not run yet is not failing. */
export function jobsSummary(jobs: readonly BackgroundJob[]): string {
  const failing = jobs.filter(isFailing).length;
  const count = `${jobs.length} ${jobs.length === 1 ? 'job' : 'jobs'}`;
  return `${count}, ${failing === 0 ? 'none' : failing} failing`;
}

/** "6:10:03 AM" today, "Nov 25, 2026, 3:00 AM" on another day, "" for none. */
export function whenText(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? formatTimeWithSeconds(at) : formatDateTime(at);
}

/** "2 failures in a row", or "" when the last run went well. */
export function failuresInARow(job: BackgroundJob): string {
  const n = job.consecutiveFailures;
  if (n === 0) return '';
  return n === 1 ? 'failed its last run' : `${n} failures in a row`;
}
