import cronstrue from 'cronstrue';
import { cronInWords } from '#shared/cron-words.ts';
import {
  cronProblem,
  intervalMessage,
  isValidTimezone,
  nextRuns,
  schedulerMessages,
  shortestGapMinutes,
} from '#shared/scheduler.ts';

// Cron in words and times, for the form's preview and the schedule list. The server
// checks the same things again (DESIGN §1); these only explain before sending.

/**
 * "Every weekday at 9:00 AM": our own words for the usual shapes, cronstrue's reading
 * for the rest, null when neither can read it.
 */
export function describeCron(cron: string): string | null {
  const words = cronInWords(cron);
  if (words) return words;
  try {
    return cronstrue.toString(cron.trim(), { verbose: false });
  } catch {
    return null;
  }
}

export const zoneName = (timezone: string | null | undefined) => timezone?.trim() || 'UTC';

export const upcomingRuns = (cron: string, timezone: string | null | undefined, count = 3) =>
  nextRuns(cron.trim(), zoneName(timezone), count);

/**
 * How many upcoming runs the page samples for the plan's minimum interval. Far fewer
 * than the server's check (each run costs croner about half a millisecond), enough to
 * catch uneven patterns such as "0,5 * * * *"; the server has the last word.
 */
const GAP_SAMPLE = 48;

/** What is wrong with a cron in this zone for this plan, in words; null when fine. */
export function scheduleProblem(
  cron: string,
  timezone: string,
  minIntervalMinutes: number,
): string | null {
  if (!cron.trim()) return null;
  if (timezone.trim() && !isValidTimezone(timezone.trim())) return schedulerMessages.timezone;
  const problem = cronProblem(cron, zoneName(timezone));
  if (problem) return problem;
  if (shortestGapMinutes(cron.trim(), zoneName(timezone), GAP_SAMPLE) < minIntervalMinutes)
    return intervalMessage(minIntervalMinutes);
  return null;
}
