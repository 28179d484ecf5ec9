import type { Run } from '#shared/runs.ts';
import { SNIPPET, statusLine } from './failure-text.ts';

// A failed run's history entry in plain words, apart from failure-text.ts: that module is
// loaded by the sign-in and contact pages, which never show a run.

/** What a failed run's history entry reads of it. */
export type FailedRun = Pick<
  Run,
  'state' | 'ok' | 'statusCode' | 'errorKind' | 'error' | 'bodySnippet'
>;

/**
 * n8n answers 404 "The requested webhook … is not registered" when the workflow is not
 * active (production URL) or the editor is not listening (test URL).
 */
export function webhookNotRegistered(run: Pick<Run, 'statusCode' | 'error' | 'bodySnippet'>) {
  const answer = `${run.error ?? ''} ${run.bodySnippet ?? ''}`;
  return run.statusCode === 404 && /not registered|must be active/i.test(answer);
}

/**
 * What failed, in plain words, as a failed run's history entry leads with it; null for a
 * run that did not fail. The status and n8n's own words stay in the entry's details.
 */
export function runFailureHeadline(run: FailedRun): string | null {
  if (run.state === 'interrupted') {
    return 'The run was cut short: our server stopped before the workflow answered, so whether it did its work is not known.';
  }
  if (run.state !== 'finished' || run.ok !== false) return null;
  switch (run.errorKind) {
    case 'timeout':
      return 'The workflow did not answer in time. It may still have finished in n8n.';
    case 'unreachable':
      return 'The automation server did not answer, so the workflow did not start.';
    case 'refused':
      return 'The workflow’s address is not allowed, so it was not called.';
    case 'execution':
      return 'The workflow started, but one of its steps failed.';
  }
  if (webhookNotRegistered(run)) {
    return 'The workflow is switched off in n8n, or its address changed, so it did not start.';
  }
  if (run.statusCode === null) return 'The workflow could not be reached.';
  if (run.statusCode >= 500) return 'The workflow ran into an error and did not finish.';
  return 'The workflow refused the request.';
}

/**
 * The run's answer as Run's notice says it (SPEC §8: "Status {code}: " and the first 120
 * characters), for the entry's details; null when it got no answer, or when n8n's record
 * of the execution says more than the answer ("Error in workflow").
 */
export const runNoticeText = (run: FailedRun) =>
  run.statusCode === null || run.errorKind === 'execution'
    ? null
    : statusLine(run.statusCode, run.bodySnippet?.trim() || run.error || '', SNIPPET.trigger);
