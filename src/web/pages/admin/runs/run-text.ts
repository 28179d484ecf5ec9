import type { AdminRun } from '#shared/admin-runs.ts';
import { runsScreenPath } from '#shared/admin-runs.ts';
import { paths } from '#shared/paths.ts';
import type { RunState, RunTrigger } from '#shared/runs.ts';
import type { BadgeTone } from '#web/components/badge.tsx';
import type { RunsFilter } from './runs-api.ts';

// How the Runs screen names a run's outcome, trigger and duration, and the addresses a
// run links to.

export const triggerText: Record<RunTrigger, string> = {
  manual: 'Manual',
  schedule: 'Schedule',
  test: 'Admin test',
  api: 'API token',
};

export const stateText: Record<RunState, string> = {
  running: 'Running',
  finished: 'Finished',
  interrupted: 'Interrupted',
  following: 'Waiting for n8n',
  accepted: 'Accepted by n8n',
};

/** A run's outcome in a word or two, and its colour: under way blue, ended green or red. */
export function outcomeOf(run: Pick<AdminRun, 'state' | 'ok'>): { text: string; tone: BadgeTone } {
  if (run.state === 'running' || run.state === 'following') {
    return { text: stateText[run.state], tone: 'blue' };
  }
  if (run.state === 'accepted') return { text: 'Accepted', tone: 'slate' };
  if (run.state === 'interrupted') return { text: 'Interrupted', tone: 'amber' };
  return run.ok ? { text: 'Succeeded', tone: 'green' } : { text: 'Failed', tone: 'red' };
}

export function durationText(ms: number | null): string {
  if (ms === null) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** This screen with these filters, e.g. one process's failures. */
export function runsHref(filter: RunsFilter): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
  const text = query.toString();
  return text ? `${runsScreenPath}?${text}` : runsScreenPath;
}

export const clientHref = (run: AdminRun) => paths.adminClient(run.client.id);
