import { audit } from '#server/audit/audit.ts';
import type { Db } from '#server/db/client.ts';
import { type ProcessRow, type RunRow, type RunTrigger, runs } from '#server/db/schema.ts';
import type { WebhookCaller, WebhookResult } from '#server/integrations/n8n/webhook.ts';

// Runs a process: picks the address (the webhook, or the fallback when paused), calls it
// through the n8n integration, records the run, and audits a failure. Manual runs,
// scheduled runs and admin tests all come through here.

export const SNIPPET_LENGTH = 300;

export interface RunContext {
  db: Db;
  n8n: WebhookCaller;
}

export interface RunRequest {
  trigger: RunTrigger;
  triggeredBy: string | null;
  scheduleId?: string | null;
  scheduledFor?: Date | null;
  /** Admin tests call the process's own webhook even when it is paused. */
  ignorePause?: boolean;
}

export type RunOutcome =
  | { kind: 'ran'; run: RunRow; result: WebhookResult }
  | { kind: 'paused' }
  | { kind: 'no-url' };

export function targetUrlOf(process: ProcessRow, ignorePause = false) {
  if (process.isActive || ignorePause) {
    return process.n8nWebhookUrl ? { url: process.n8nWebhookUrl, fallback: false } : null;
  }
  return process.inactiveFallbackWebhookUrl
    ? { url: process.inactiveFallbackWebhookUrl, fallback: true }
    : null;
}

export async function runProcess(
  { db, n8n }: RunContext,
  process: ProcessRow,
  request: RunRequest,
): Promise<RunOutcome> {
  const target = targetUrlOf(process, request.ignorePause);
  if (!target)
    return process.isActive || request.ignorePause ? { kind: 'no-url' } : { kind: 'paused' };

  const startedAt = new Date();
  const result = await n8n.call(
    {
      url: target.url,
      method: process.httpMethod,
      authKey: process.webhookAuthKey,
      authHeaderName: process.webhookAuthHeaderName,
      authUseBearer: process.webhookAuthUseBearer,
      basicUser: process.webhookAuthBasicUser,
      basicPass: process.webhookAuthBasicPass,
    },
    {
      processId: process.id,
      processName: process.name,
      workflowId: process.n8nWorkflowId,
      trigger: request.trigger,
      triggeredAt: startedAt.toISOString(),
    },
  );

  const [run] = await db
    .insert(runs)
    .values({
      processId: process.id,
      clientUserId: process.clientUserId,
      trigger: request.trigger,
      triggeredBy: request.triggeredBy,
      scheduleId: request.scheduleId ?? null,
      scheduledFor: request.scheduledFor ?? null,
      targetUrl: target.url,
      usedFallback: target.fallback,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.status,
      ok: result.ok,
      error: result.error?.message ?? null,
      bodySnippet: result.body.slice(0, SNIPPET_LENGTH),
    })
    .returning();
  if (!run) throw new Error('run insert returned no row');

  if (!result.ok) {
    await audit(db, {
      level: 'error',
      source: 'runs',
      message: `Run of "${process.name}" failed: ${result.error?.message ?? `status ${result.status}`}`,
      userId: process.clientUserId,
      actorId: request.triggeredBy,
      processId: process.id,
      details: {
        trigger: request.trigger,
        status: result.status,
        durationMs: result.durationMs,
        usedFallback: target.fallback,
        snippet: run.bodySnippet,
      },
    });
  }
  return { kind: 'ran', run, result };
}
