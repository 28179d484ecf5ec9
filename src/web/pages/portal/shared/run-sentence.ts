import type { RunErrorKind } from '#shared/run-answers.ts';
import type { RunState } from '#shared/runs.ts';
import { formatDuration } from './run-format.ts';

// A run's outcome as a sentence a client reads at a glance, on the overview,
// the process list and the run history, without HTTP codes. The notice after pressing Run
// keeps SPEC §8's "Status {code}: …" text, and the history entry's details the code.

export interface RunOutcome {
  state: RunState;
  ok: boolean | null;
  statusCode: number | null;
  durationMs?: number | null;
  confirmedByN8n?: boolean;
  /** Why it failed; older records and some lists leave it out. */
  errorKind?: RunErrorKind | null;
}

export function runSentence(run: RunOutcome): string {
  if (run.state === 'running') return 'Running now';
  if (run.state === 'following') {
    return run.errorKind === 'timeout'
      ? 'No answer in time; waiting for n8n’s result'
      : 'Started in n8n, waiting for its result';
  }
  if (run.state === 'accepted') return 'Accepted by n8n; its result is not reported back';
  if (run.state === 'interrupted') return 'Interrupted before the workflow answered';
  if (run.confirmedByN8n) return run.ok ? 'Succeeded in n8n' : 'Failed in n8n';
  if (run.ok) {
    return run.durationMs != null
      ? `Ran successfully in ${formatDuration(run.durationMs)}`
      : 'Ran successfully';
  }
  // n8n was maybe reached and is still working: not "could not be reached".
  if (run.errorKind === 'timeout') {
    return run.durationMs != null
      ? `No answer within ${Math.round(run.durationMs / 1000)} s`
      : 'No answer in time';
  }
  if (run.errorKind === 'unreachable') return 'n8n is not answering';
  if (run.errorKind === 'refused') return 'The workflow’s address is not allowed';
  if (run.statusCode === null) return 'The workflow could not be reached';
  // The status code itself is in the run history's details, one click away.
  if (run.statusCode >= 500) return 'The workflow ran into an error';
  if (run.statusCode === 404) return 'No workflow answers at its address';
  return 'The workflow refused the request';
}
