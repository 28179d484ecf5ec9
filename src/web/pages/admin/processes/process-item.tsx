import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ProcessHealth } from '#shared/process-health.ts';
import type { AdminProcess } from '#shared/processes.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { SaveWarnings, saveWarningTitle } from '#web/components/save-warnings.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { EditProcessForm } from './edit-process-form.tsx';
import { HealthBadge, ProcessHealthSummary } from './process-health.tsx';
import { processCalls, processKeys } from './processes-api.ts';
import { useTestRequest } from './test-request.tsx';

// One process in the admin list: its health, what it calls, and Edit (inline), Test
// Request (test-request.tsx) and Pause/Activate (SPEC §2, §4).

function authSummary(process: AdminProcess) {
  if (process.webhookAuthJwtSecret) return 'JWT (HS256, fresh per call)';
  if (process.webhookAuthBasicUser) return `Basic auth as ${process.webhookAuthBasicUser}`;
  if (process.webhookAuthKey)
    return `${process.webhookAuthUseBearer ? 'Bearer key' : 'Key'} in ${process.webhookAuthHeaderName}`;
  return 'None';
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

  const test = useTestRequest(process, clientName);

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
            <Button variant="secondary" size="sm" onClick={test.ask} disabled={test.pending}>
              {test.pending ? 'Testing…' : 'Test Request'}
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
      {test.dialog}
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
          {test.result}
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
