import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import type { InputField } from '#shared/process-inputs.ts';
import { answerSummary } from '#shared/run-answers.ts';
import { runEnquiryHref } from '#shared/run-enquiry.ts';
import type { Run, RunLink } from '#shared/runs.ts';
import { Button } from '#web/components/button.tsx';
import { Icon } from '#web/components/icons.tsx';
import { readableBody } from '#web/lib/readable-body.ts';
import { runFailureHeadline, runNoticeText } from '#web/lib/run-failure-text.ts';
import { formatDuration, triggerLabels } from '../shared/run-format.ts';
import { RunStatus } from '../shared/run-status.tsx';
import { inputLines, runExplanation } from './run-facts.ts';

// One run in the run history: how it ended (as n8n recorded it, when n8n's API confirmed
// it), when, who or what started it, its inputs, why it failed in plain words, and what
// the workflow answered: the start of a text, or a file's type and size.

function who(run: Run) {
  if (run.trigger === 'schedule') return 'Scheduler';
  return run.triggeredByName ?? 'Unknown user';
}

/** A file's type and size, or a text answer that was cut; a whole text answer says itself. */
function answerLine({ answer }: Run): string | null {
  if (!answer) return null;
  if (answer.binary) return `The workflow answered a file: ${answerSummary(answer)}.`;
  return answer.cut ? `Answer: ${answerSummary(answer)}.` : null;
}

/** "Retry of the run of …" and "Retried on …", each a link to the other run. */
function RetryPair({ run }: { run: Run }) {
  if (!run.retryOf && !run.retriedAs) return null;
  const link = (other: RunLink) => (
    <a
      href={`#run-${other._id}`}
      className="font-medium text-indigo-700 underline-offset-2 hover:underline"
    >
      <time dateTime={other.startedAt}>{formatDateTime(other.startedAt)}</time>
    </a>
  );
  return (
    <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-700">
      {run.retryOf ? <span>Retry of the run of {link(run.retryOf)}</span> : null}
      {run.retriedAs ? <span>Retried on {link(run.retriedAs)}</span> : null}
    </p>
  );
}

/** The answer's start, as the workflow sent it. */
function Snippet({ text }: { text: string }) {
  return (
    <pre className="mt-2 max-h-40 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">
      {readableBody(text)}
    </pre>
  );
}

/**
 * A failed run: what failed in plain words and what to do next (run it again, or ask us
 * with the run's id), the status and n8n's own words one click away.
 */
function FailureBox({
  run,
  headline,
  snippet,
  error,
  onRetry,
  retrying,
}: {
  run: Run;
  headline: string;
  snippet: string | null;
  error: string | null;
  onRetry?: () => void;
  retrying: boolean;
}) {
  const notice = runNoticeText(run);
  const explanation = runExplanation(run);
  const contact = (
    <Link to={runEnquiryHref(run._id)} className="font-medium text-red-900 underline">
      contact us
    </Link>
  );
  return (
    <div className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-medium">{headline}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        {onRetry ? (
          <>
            <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
              {retrying ? 'Running again…' : 'Run again'}
            </Button>
            <span>If it keeps failing, {contact} with this run’s id.</span>
          </>
        ) : (
          <span>To have it looked at, {contact}: your message starts with this run’s id.</span>
        )}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer font-medium text-red-900">Details</summary>
        <div className="mt-1 space-y-1 text-slate-800">
          <p className="break-words">Run id: {run._id}</p>
          {notice ? <p className="break-words">{notice}</p> : null}
          {error ? (
            <p className="break-words">
              {run.errorKind === 'execution' ? <span className="font-medium">n8n: </span> : null}
              {error}
            </p>
          ) : null}
          {explanation ? <p>{explanation}</p> : null}
          {snippet ? <Snippet text={snippet} /> : null}
        </div>
      </details>
    </div>
  );
}

export function RunItem({
  run,
  fields,
  onRetry,
  retrying = false,
}: {
  run: Run;
  fields: InputField[];
  /** Run again; absent when this person may not run this run again now. */
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const headline = runFailureHeadline(run);
  const explanation = runExplanation(run);
  const inputs = inputLines(run.inputs, fields);
  const answer = answerLine(run);
  // n8n's own error says more than the answer that came before it ("Error in workflow").
  const snippet = run.errorKind === 'execution' ? null : run.bodySnippet;
  const stillGoing = run.state === 'following';
  // "n8n is not answering" and a refused address are said by the badge already.
  const error = run.errorKind === 'unreachable' || run.errorKind === 'refused' ? null : run.error;
  return (
    <li id={`run-${run._id}`} className="scroll-mt-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <RunStatus
          state={run.state}
          ok={run.ok}
          statusCode={run.statusCode}
          durationMs={run.durationMs}
          confirmedByN8n={run.confirmedByN8n}
          errorKind={run.errorKind}
        />
        <time dateTime={run.startedAt} className="font-medium text-slate-900">
          {formatDateTime(run.startedAt)}
        </time>
        {run.ok || run.durationMs === null || stillGoing ? null : (
          <span className="text-slate-600">after {formatDuration(run.durationMs)}</span>
        )}
        {run.confirmedByN8n ? (
          <span className="inline-flex items-center gap-1 text-slate-700">
            <Icon className="size-4 text-green-700">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </Icon>
            Confirmed by n8n
            {run.n8nExecutionId ? (
              <span className="text-slate-600">· execution {run.n8nExecutionId}</span>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">
          {triggerLabels[run.trigger]} · {who(run)}
        </p>
        {onRetry && !headline ? (
          <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Running again…' : 'Run again'}
          </Button>
        ) : null}
      </div>
      <RetryPair run={run} />
      {inputs.length ? (
        <ul
          aria-label="Inputs"
          className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-700"
        >
          {inputs.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      ) : null}
      {headline ? (
        <FailureBox
          run={run}
          headline={headline}
          snippet={snippet}
          error={error}
          onRetry={onRetry}
          retrying={retrying}
        />
      ) : (
        <>
          {error ? (
            <p
              className={`mt-2 text-sm break-words ${stillGoing ? 'text-amber-900' : 'text-red-800'}`}
            >
              {run.errorKind === 'execution' ? <span className="font-medium">n8n: </span> : null}
              {error}
            </p>
          ) : null}
          {explanation ? <p className="mt-2 text-sm text-amber-900">{explanation}</p> : null}
          {snippet ? <Snippet text={snippet} /> : null}
        </>
      )}
      {answer ? <p className="mt-2 text-sm text-slate-700">{answer}</p> : null}
    </li>
  );
}
