import type { DayStats } from '#shared/analytics.ts';
import { formatDayKey } from '#shared/dates.ts';

// Turning the server's figures into what the screen shows. Days without runs are left
// out by the server; the chart needs them as zeros so gaps read as quiet days.

const DAY_MS = 86_400_000;

/** One entry per UTC day from `since` to `now`, zeros where the server had none. */
export function fillDays(byDay: DayStats[], since: string, now = new Date()): DayStats[] {
  const known = new Map(byDay.map((d) => [d.date, d]));
  const start = Date.parse(`${since.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const days: DayStats[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push(known.get(date) ?? { date, runs: 0, failures: 0 });
  }
  return days;
}

/** "0%", "33.3%": failures as a share of runs, one decimal at most. */
export function failureRate(runs: number, failures: number): string {
  if (runs === 0) return '—';
  const rate = (failures / runs) * 100;
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;
}

export function totals(days: DayStats[]) {
  const runs = days.reduce((sum, d) => sum + d.runs, 0);
  const failures = days.reduce((sum, d) => sum + d.failures, 0);
  return { runs, failures };
}

/** The chart in words, for screen readers and anyone who prefers text. */
export function chartSummary(days: DayStats[], retentionDays: number): string {
  const { runs, failures } = totals(days);
  if (runs === 0) return `No runs in the last ${retentionDays} days.`;
  const busiest = days.reduce((best, d) => (d.runs > best.runs ? d : best));
  return (
    `${runs} ${runs === 1 ? 'run' : 'runs'} in the last ${retentionDays} days, ` +
    `${failures} failed (${failureRate(runs, failures)}). ` +
    `Busiest day ${formatDayKey(busiest.date)} with ${busiest.runs} ${busiest.runs === 1 ? 'run' : 'runs'}.`
  );
}
