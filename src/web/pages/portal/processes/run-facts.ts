import type { InputField } from '#shared/process-inputs.ts';
import type { LastRun, Run } from '#shared/runs.ts';
import { webhookNotRegistered } from '#web/lib/run-failure-text.ts';

// What the run history says about a run beyond its status: n8n's 404 for a
// webhook it does not know, in plain words, and when to ask before running again.

/** How often an open run history asks again while a run is under way. */
export const UNDER_WAY_REFRESH_MS = 5000;

/** A run whose outcome is still to come: its webhook call, or n8n's execution record. */
export const isUnderWay = (state: Run['state']) => state === 'running' || state === 'following';

/** Pressing Run again this soon after a manual run asks first (a double click, say). */
export const REPEAT_CONFIRM_MS = 10_000;

export const NOT_REGISTERED_EXPLANATION =
  'n8n has no active workflow at this address: the workflow is switched off in n8n, or its webhook address changed. It needs to be activated (or the address updated) before it can run.';

export function runExplanation(run: Pick<Run, 'statusCode' | 'error' | 'bodySnippet'>) {
  return webhookNotRegistered(run) ? NOT_REGISTERED_EXPLANATION : null;
}

/**
 * Milliseconds since this process was last started by hand, from whichever is newer: this
 * page's own press or the server's newest manual run. Null when there is none.
 */
export function sinceManualStart(
  lastRun: Pick<LastRun, 'startedAt' | 'trigger'> | null,
  pressedAt: number | null,
  now: number,
): number | null {
  const fromServer = lastRun?.trigger === 'manual' ? Date.parse(lastRun.startedAt) : null;
  const times = [pressedAt, fromServer].filter((t): t is number => t !== null && !Number.isNaN(t));
  return times.length ? now - Math.max(...times) : null;
}

/** True when Run should ask "Run it again?" first. */
export const needsRepeatConfirm = (since: number | null) =>
  since !== null && since >= 0 && since < REPEAT_CONFIRM_MS;

/**
 * The values a run was started with, as "Label: value" lines in the process's input order
 * (the stored record keeps no order), then any input removed since, by its name.
 */
export function inputLines(inputs: Run['inputs'], fields: Pick<InputField, 'name' | 'label'>[]) {
  if (!inputs) return [];
  const known = fields.filter((f) => f.name in inputs);
  const removed = Object.keys(inputs).filter((name) => !fields.some((f) => f.name === name));
  return [
    ...known.map((f) => [f.label, inputs[f.name]] as const),
    ...removed.map((name) => [name, inputs[name]] as const),
  ].map(([label, value]) => `${label}: ${value ?? '—'}`);
}
