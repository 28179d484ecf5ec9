// How the portal shows times and durations: the viewer's own zone, US style.

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string | Date) =>
  dateTime.format(typeof iso === 'string' ? new Date(iso) : iso);

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
} as const;
