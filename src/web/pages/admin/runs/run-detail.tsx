import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminRun } from '#shared/admin-runs.ts';
import { formatDateTime } from '#shared/dates.ts';
import { paths } from '#shared/paths.ts';
import { answerSummary } from '#shared/run-answers.ts';
import { buttonClass } from '#web/components/button.tsx';
import { RetryButton } from './retry-button.tsx';
import { clientHref, durationText, runsHref, stateText, triggerText } from './run-text.ts';
import { TestAsClientButton } from './test-as-client.tsx';

// A run opened on the Runs screen: what the client reads in the run history (how it
// ended, who started it, its inputs, the error in plain words, the answer), then what
// only admins read (the error as recorded, the webhook's host and path, n8n's execution).

function Fact({
  label,
  wide = false,
  children,
}: {
  label: string;
  /** Long values (ids, addresses, texts) take the whole width on a phone. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}>
      <dt className="text-xs font-medium text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

const grid = 'grid grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-3';

function ClientFacts({ run }: { run: AdminRun }) {
  const inputs = Object.entries(run.inputs ?? {});
  return (
    <dl className={grid}>
      <Fact label="State">{stateText[run.state]}</Fact>
      <Fact label="Started">{formatDateTime(run.startedAt)}</Fact>
      <Fact label="Finished">{run.finishedAt ? formatDateTime(run.finishedAt) : '–'}</Fact>
      <Fact label="Started by" wide>
        {triggerText[run.trigger]}
        {run.triggeredByName ? ` · ${run.triggeredByName}` : ''}
      </Fact>
      <Fact label="Status code">{run.statusCode ?? '–'}</Fact>
      <Fact label="Duration">{durationText(run.durationMs)}</Fact>
      {inputs.length ? (
        <Fact label="Inputs" wide>
          {inputs.map(([name, value]) => `${name}: ${value ?? '–'}`).join(' · ')}
        </Fact>
      ) : null}
      {run.error ? (
        <Fact label="What the client reads" wide>
          {run.error}
        </Fact>
      ) : null}
      {run.answer ? <Fact label="Answer">{answerSummary(run.answer)}</Fact> : null}
      {run.retryOf ? <Fact label="Retry of">{formatDateTime(run.retryOf.startedAt)}</Fact> : null}
      {run.retriedAs ? (
        <Fact label="Retried on">{formatDateTime(run.retriedAs.startedAt)}</Fact>
      ) : null}
    </dl>
  );
}

function AdminFacts({ run }: { run: AdminRun }) {
  return (
    <dl className={grid}>
      <Fact label="Run id" wide>
        <span className="font-mono text-xs">{run._id}</span>
      </Fact>
      <Fact label="Webhook" wide>
        <span className="font-mono text-xs break-all">{run.target ?? '–'}</span>
        {run.usedFallback ? ' (fallback address)' : ''}
      </Fact>
      <Fact label="n8n execution" wide>
        {run.n8nExecutionUrl ? (
          <a
            href={run.n8nExecutionUrl}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 hover:underline"
          >
            {run.n8nExecutionId}
          </a>
        ) : (
          (run.n8nExecutionId ?? '–')
        )}
        {run.confirmedByN8n ? ' · confirmed by n8n' : ''}
      </Fact>
      {run.adminError ? (
        <Fact label="Error as recorded" wide>
          {run.adminError}
        </Fact>
      ) : null}
      {run.errorNode ? (
        <Fact label="Failing node" wide>
          {run.errorNode}
        </Fact>
      ) : null}
      <div className="col-span-2 min-w-0 lg:col-span-3">
        <dt className="text-xs font-medium text-slate-600 uppercase">
          Headers sent (credentials hidden)
        </dt>
        <dd>
          <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-800">
            {run.headersSent.map((header) => (
              <li key={header.name} className="break-all">
                <span className="text-slate-500">{header.name}:</span> {header.value}
              </li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}

export function RunDetail({ run }: { run: AdminRun }) {
  const link = buttonClass('secondary', 'sm');
  return (
    <div className="space-y-4 border-t border-slate-200 bg-slate-50 px-4 py-4">
      <section aria-label="What the client sees" className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">What the client sees</h2>
        <ClientFacts run={run} />
        {run.bodySnippet ? (
          <pre className="max-h-40 overflow-auto rounded-md bg-white px-3 py-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">
            {run.bodySnippet}
          </pre>
        ) : null}
      </section>
      <section aria-label="Admins only" className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Admins only</h2>
        <AdminFacts run={run} />
      </section>
      <div className="flex flex-wrap gap-2">
        <RetryButton run={run} />
        <Link to={clientHref(run)} className={link}>
          Open client
        </Link>
        <Link to={paths.adminProcesses} className={link}>
          Open process
        </Link>
        <Link to={runsHref({ processId: run.process.id, outcome: 'failed' })} className={link}>
          Failures of this process
        </Link>
        <TestAsClientButton clientId={run.client.id} />
      </div>
    </div>
  );
}
