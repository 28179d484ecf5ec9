import { type AnalyticsPeriod, analyticsPeriods, analyticsWindowDays } from '#shared/analytics.ts';
import { dayStart, formatDayKey, formatMonthYear } from '#shared/dates.ts';

// The window the analytics screen looks at (how many days back) and how usage is grouped,
// with the words the screen uses for them. Pure, so it is tested without a browser.

// The server keeps ranked totals for exactly these windows (analyticsWindowDays).
export const windowOptions = analyticsWindowDays.map((days) => ({
  value: String(days),
  label: days === 365 ? 'Last 12 months' : `Last ${days} days`,
}));

export const periodOptions = [
  { value: 'day', label: 'By day' },
  { value: 'week', label: 'By week' },
  { value: 'month', label: 'By month' },
] as const;

export const topOptions = [
  { value: '10', label: 'Top 10' },
  { value: '25', label: 'Top 25' },
  { value: '100', label: 'Top 100' },
] as const;

export const defaultWindow = { days: 30, period: 'day' as AnalyticsPeriod, top: 10 };

export const isPeriod = (value: string): value is AnalyticsPeriod =>
  (analyticsPeriods as readonly string[]).includes(value);

/**
 * A period key (YYYY-MM-DD, the first day of the period, in UTC) as people read it:
 * "Mar 4" for a day, "Week of Mar 4" for a week, "Mar 2025" for a month.
 */
export function periodLabel(key: string, period: AnalyticsPeriod): string {
  const day = formatDayKey(key);
  if (!day) return key;
  if (period === 'month') return formatMonthYear(dayStart(key), 'UTC');
  return period === 'week' ? `Week of ${day}` : day;
}

/** Failures as a share of runs, e.g. "25%"; a dash when nothing ran. */
export function failureRate(runs: number, fails: number): string {
  if (runs <= 0) return '–';
  const rate = (fails / runs) * 100;
  return `${rate > 0 && rate < 1 ? rate.toFixed(1) : Math.round(rate)}%`;
}

export const windowLabel = (days: number) =>
  windowOptions.find((o) => o.value === String(days))?.label ?? `Last ${days} days`;

const DAY_MS = 86_400_000;
const keyOf = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the period holding `date`, in UTC, as PostgreSQL's date_trunc does. */
export function periodStart(date: Date, period: AnalyticsPeriod): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  if (period === 'month') return new Date(Date.UTC(y, m, 1));
  const day = new Date(Date.UTC(y, m, date.getUTCDate()));
  if (period === 'day') return day;
  // ISO weeks start on Monday; getUTCDay() is 0 on Sunday.
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

function nextPeriod(date: Date, period: AnalyticsPeriod): Date {
  if (period === 'month')
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return new Date(date.getTime() + (period === 'week' ? 7 : 1) * DAY_MS);
}

/**
 * Every period of the window, with zero runs where the server had none, so a quiet day
 * shows as a gap in the chart instead of vanishing. Rows outside the window are kept.
 */
export function fillPeriods<T extends { _id: string; runs: number; fails: number }>(
  rows: readonly T[],
  { days, period }: { days: number; period: AnalyticsPeriod },
  now = new Date(),
): { _id: string; runs: number; fails: number }[] {
  const byKey = new Map<string, { _id: string; runs: number; fails: number }>(
    rows.map((row) => [row._id, { _id: row._id, runs: row.runs, fails: row.fails }]),
  );
  const last = periodStart(now, period).getTime();
  for (
    let at = periodStart(new Date(now.getTime() - days * DAY_MS), period);
    at.getTime() <= last;
    at = nextPeriod(at, period)
  ) {
    const key = keyOf(at);
    if (!byKey.has(key)) byKey.set(key, { _id: key, runs: 0, fails: 0 });
  }
  return [...byKey.values()].sort((a, b) => a._id.localeCompare(b._id));
}
