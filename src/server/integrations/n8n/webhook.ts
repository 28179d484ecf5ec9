import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';
import { WEBHOOK_TIMEOUT } from '#shared/processes.ts';
import { ANSWER_READ_BYTES, type RunAnswer, timeoutText } from '#shared/run-answers.ts';
import type { WebhookPayload } from '#shared/webhook-payload.ts';
import { readAnswer } from './answer-body.ts';
import { isWorkflowStarted, readableUpstreamError } from './answers.ts';
import { jwtAuthHeader } from './jwt-auth.ts';

// Calls an n8n webhook with the process's method and auth (DESIGN §1): HTTP
// Basic when a basic user is set; a fresh HS256 JWT (n8n's "JWT Auth") when a JWT secret
// is; else a header holding "Bearer <key>" or the raw key. Every call carries the run id
// as Idempotency-Key and X-Run-Id, so a workflow can ignore a repeat.

export interface WebhookTarget {
  url: string;
  method: string;
  authKey: string | null;
  authHeaderName: string;
  authUseBearer: boolean;
  basicUser: string | null;
  basicPass: string | null;
  jwtSecret: string | null;
}

export interface WebhookResult {
  /** The webhook's HTTP status, or null when no answer came (timeout, refused, blocked). */
  status: number | null;
  ok: boolean;
  /**
   * The answer as text (its first ANSWER_READ_BYTES); for a failure only its readable
   * message (no stack, no server paths); empty for a file or when no answer came.
   */
  body: string;
  /** The answer's type and size, whether it was cut or is a file; null without an answer. */
  answer: RunAnswer | null;
  durationMs: number;
  /** n8n answered "Workflow was started": a "respond immediately" webhook, outcome unknown. */
  startedOnly: boolean;
  error?: { kind: OutboundError['kind']; message: string };
}

/** The default time a webhook may take to answer before the run is recorded as failed. */
export const WEBHOOK_TIMEOUT_MS = WEBHOOK_TIMEOUT.defaultSeconds * 1000;

export interface CallOptions {
  /** This process's timeout; the caller's default when absent. */
  timeoutMs?: number;
}

export interface WebhookCaller {
  /** The default timeout (a process sets its own, up to WEBHOOK_TIMEOUT.maxSeconds). */
  readonly timeoutMs: number;
  call(
    target: WebhookTarget,
    payload: WebhookPayload,
    options?: CallOptions,
  ): Promise<WebhookResult>;
}

export interface WebhookCallerOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

export async function authHeaders(
  target: WebhookTarget,
  payload: WebhookPayload,
): Promise<Record<string, string>> {
  if (target.basicUser) {
    const credentials = Buffer.from(`${target.basicUser}:${target.basicPass ?? ''}`).toString(
      'base64',
    );
    return { authorization: `Basic ${credentials}` };
  }
  if (target.jwtSecret) return { authorization: await jwtAuthHeader(target.jwtSecret, payload) };
  if (!target.authKey) return {};
  const value = target.authUseBearer ? `Bearer ${target.authKey}` : target.authKey;
  return { [target.authHeaderName || 'Authorization']: value };
}

/** The headers every call sends besides its credentials. */
function plainHeaders(runId: string, hasBody: boolean): Record<string, string> {
  return {
    accept: 'application/json, text/plain, */*',
    'user-agent': 'client-platform-webhook/1.0',
    'idempotency-key': runId,
    'x-run-id': runId,
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
  };
}

export type DescribedTarget = Omit<WebhookTarget, 'url' | 'basicPass'>;

/**
 * The headers a call of this target sends for a run, as an admin may read them: every
 * header by name, with the value of a credential replaced by what kind it is.
 */
export function describeHeaders(
  target: DescribedTarget,
  runId: string,
): { name: string; value: string }[] {
  const hasBody = target.method !== 'GET' && target.method !== 'DELETE';
  const plain = Object.entries(plainHeaders(runId, hasBody)).map(([name, value]) => ({
    name,
    value,
  }));
  const auth = target.basicUser
    ? { name: 'authorization', value: 'Basic (user and password hidden)' }
    : target.jwtSecret
      ? { name: 'authorization', value: 'Bearer (a JWT signed for the call, hidden)' }
      : target.authKey
        ? {
            name: target.authHeaderName || 'Authorization',
            value: target.authUseBearer ? 'Bearer (key hidden)' : '(key hidden)',
          }
        : null;
  return auth ? [...plain, auth] : plain;
}

export function createWebhookCaller(options: WebhookCallerOptions): WebhookCaller {
  const defaultTimeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    timeoutMs: defaultTimeoutMs,
    async call(target, payload, callOptions = {}) {
      const started = performance.now();
      const hasBody = target.method !== 'GET' && target.method !== 'DELETE';
      const url = hasBody ? target.url : withQuery(target.url, payload);
      const timeoutMs = callOptions.timeoutMs ?? defaultTimeoutMs;
      try {
        const response = await sendOutbound({
          url,
          method: target.method,
          headers: {
            ...plainHeaders(payload.runId, hasBody),
            ...(await authHeaders(target, payload)),
          },
          body: hasBody ? JSON.stringify(payload) : undefined,
          timeoutMs,
          allowPrivate: options.allowPrivate,
          maxBodyBytes: ANSWER_READ_BYTES,
        });
        const ok = response.status >= 200 && response.status < 300;
        const { answer, text } = readAnswer(response);
        return {
          status: response.status,
          ok,
          body: text === null ? '' : ok ? text : readableUpstreamError(text),
          answer,
          durationMs: elapsed(started),
          startedOnly: ok && text !== null && isWorkflowStarted(text),
        };
      } catch (error) {
        const e =
          error instanceof OutboundError ? error : new OutboundError('network', String(error));
        // n8n was maybe reached and is still working: say so rather than "no answer".
        const message =
          e.kind === 'timeout' ? timeoutText(Math.round(timeoutMs / 1000)) : e.message;
        return {
          status: null,
          ok: false,
          body: '',
          answer: null,
          durationMs: elapsed(started),
          startedOnly: false,
          error: { kind: e.kind, message },
        };
      }
    },
  };
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** GET and DELETE webhooks get the payload as query parameters; objects as JSON text. */
function withQuery(url: string, payload: WebhookPayload): string {
  try {
    const parsed = new URL(url);
    for (const [key, value] of Object.entries(payload)) {
      if (value === null || value === undefined) continue;
      parsed.searchParams.set(
        key,
        typeof value === 'object' ? JSON.stringify(value) : String(value),
      );
    }
    return parsed.toString();
  } catch {
    return url;
  }
}
