import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ProcessHealth } from '#shared/process-health.ts';
import type { AdminProcess, ProcessTestResult } from '#shared/processes.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { SaveWarnings, saveWarningTitle } from '#web/components/save-warnings.tsx';
import { messageOr, notifyFailure } from '#web/lib/failure-text.ts';
import { readableBody } from '#web/lib/readable-body.ts';
import { toast } from '#web/lib/toast.ts';
import { EditProcessForm } from './edit-process-form.tsx';
import { HealthBadge, ProcessHealthSummary } from './process-health.tsx';
import { processCalls, processKeys } from './processes-api.ts';

// One process in the admin list: its health, what it calls, and Edit (inline), Test
// Request and Pause/Activate (SPEC §2, §4).

function authSummary(process: AdminProcess) {
  if (process.webhookAuthJwtSecret) return 'JWT (HS256, fresh per call)';
  if (process.webhookAuthBasicUser) return `Basic auth as ${process.webhookAuthBasicUser}`;
  if (process.webhookAuthKey)
    return `${process.webhookAuthUseBearer ? 'Bearer key' : 'Key'} in ${process.webhookAuthHeaderName}`;
  return 'None';
}

/** What n8n's execution of the test says beyond the answer (docs/decisions/024). */
function testNote({ state, n8nExecutionId }: ProcessTestResult): string | null {
  const execution = n8nExecutionId ? ` (execution ${n8nExecutionId})` : '';
  if (state === 'following') {
    return `n8n is still running the workflow${execution}: how it ends will appear in the client's run history.`;
  }
  if (state === 'accepted')
    return 'n8n only said it started the workflow; how it ends is not reported back.';
  return n8nExecutionId ? `Confirmed by n8n${execution}.` : null;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-all text-slate-900">{children}</dd>
    </div>
  );
}

export function ProcessItem({
  process,
  clientName,
  health,
}: {
  process: AdminProcess;
  clientName: string;
  health?: ProcessHealth;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);

  const toggle = useMutation({
    mutationFn: () => processCalls.update(process._id, { isActive: !process.isActive }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: processKeys.all });
      toast({
        title: saved.isActive ? 'Activated' : 'Paused',
        text: `${saved.name} is ${saved.isActive ? 'active' : 'paused'}.`,
        tone: 'success',
      });
    },
    onError: (error) => notifyFailure(error, { failed: 'Update failed', network: 'Update error' }),
  });

  // The notice says it (SPEC §8); the row keeps the answer to read.
  const test = useMutation({
    mutationFn: () => processCalls.test(process._id),
    onSuccess: (result) =>
      toast({
        title: 'Test sent',
        text: `Status ${result.status} in ${result.durationMs} ms`,
        tone: 'success',
      }),
    onError: (error) => notifyFailure(error, { failed: 'Test failed', network: 'Test failed' }),
  });
  const testResult = test.isSuccess
    ? {
        ok: test.data.ok,
        line: `Status ${test.data.status} in ${test.data.durationMs} ms`,
        note: testNote(test.data),
        body: test.data.body,
      }
    : test.isError
      ? {
          ok: false,
          line: 'Test failed',
          note: null,
          body: messageOr(test.error, 'No answer.', 'The request did not reach the server.'),
        }
      : null;

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            <span className="break-words">{process.name}</span>
            <Badge tone={process.isActive ? 'green' : 'amber'}>
              {process.isActive ? 'Active' : 'Paused'}
            </Badge>
            {health ? <HealthBadge health={health} /> : null}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">{clientName}</p>
        </div>
        {editing ? null : (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setWarnings([]);
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => test.mutate()}
              disabled={test.isPending}
            >
              {test.isPending ? 'Testing…' : 'Test Request'}
            </Button>
            <Button
              variant={process.isActive ? 'secondary' : 'primary'}
              size="sm"
              onClick={() => toggle.mutate()}
              disabled={toggle.isPending}
            >
              {process.isActive ? 'Pause' : 'Activate'}
            </Button>
          </div>
        )}
      </div>
      {editing ? (
        <div className="mt-5 border-t border-slate-200 pt-5">
          <EditProcessForm
            process={process}
            onDone={(saved) => {
              setWarnings(saved?.warnings ?? []);
              setEditing(false);
            }}
          />
        </div>
      ) : (
        <>
          {health ? <ProcessHealthSummary health={health} /> : null}
          {warnings.length > 0 ? (
            <div className="mt-4">
              <SaveWarnings
                title={saveWarningTitle(process.name)}
                warnings={warnings}
                onDismiss={() => setWarnings([])}
              />
            </div>
          ) : null}
          {testResult ? (
            <section
              aria-label="Last test request"
              aria-live="polite"
              className={`mt-4 rounded-lg border px-4 py-3 text-sm ${testResult.ok ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
            >
              <p className="flex flex-wrap items-center justify-between gap-2 font-medium text-slate-900">
                <span>Test request: {testResult.line}</span>
                <button
                  type="button"
                  onClick={() => test.reset()}
                  className="text-sm font-medium text-slate-700 underline-offset-2 hover:underline"
                >
                  Clear
                </button>
              </p>
              {testResult.note ? <p className="mt-1 text-slate-800">{testResult.note}</p> : null}
              {testResult.body ? (
                <pre className="mt-2 max-h-40 overflow-auto font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">
                  {readableBody(testResult.body)}
                </pre>
              ) : null}
            </section>
          ) : null}
          {process.description ? (
            <p className="mt-3 text-sm text-slate-700">{process.description}</p>
          ) : null}
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Webhook">
              {process.n8nWebhookUrl ? (
                <>
                  <span className="font-medium">{process.httpMethod}</span> {process.n8nWebhookUrl}
                </>
              ) : (
                <span className="text-slate-600">No webhook URL yet</span>
              )}
            </Detail>
            <Detail label="Workflow ID">{process.n8nWorkflowId ?? '—'}</Detail>
            <Detail label="Authentication">{authSummary(process)}</Detail>
            <Detail label="Fallback URL">{process.inactiveFallbackWebhookUrl ?? '—'}</Detail>
            <Detail label="Timeout">{process.webhookTimeoutSeconds} s</Detail>
            <Detail label="Inputs">
              {process.inputFields.length
                ? process.inputFields.map((f) => `${f.label}${f.required ? ' *' : ''}`).join(', ')
                : 'None'}
            </Detail>
          </dl>
        </>
      )}
    </li>
  );
}
