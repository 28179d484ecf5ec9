import type { RunTrigger } from '#shared/runs.ts';

// How the portal shows durations and run triggers (dates: #shared/dates.ts).

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export const triggerLabels = {
  manual: 'Manual',
  schedule: 'Schedule',
  test: 'Admin test',
  api: 'API token',
} as const satisfies Record<RunTrigger, string>;
