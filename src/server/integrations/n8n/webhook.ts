import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';

// Calls an n8n webhook with the process's method and auth (DESIGN §1): a header holding
// "Bearer <key>" or the raw key, or HTTP Basic when a basic user is set.

export interface WebhookTarget {
  url: string;
  method: string;
  authKey: string | null;
  authHeaderName: string;
  authUseBearer: boolean;
  basicUser: string | null;
  basicPass: string | null;
}

export interface WebhookResult {
  /** The webhook's HTTP status, or null when no answer came (timeout, refused, blocked). */
  status: number | null;
  ok: boolean;
  body: string;
  durationMs: number;
  error?: { kind: OutboundError['kind']; message: string };
}

/** How long a webhook may take to answer before the run is recorded as failed. */
export const WEBHOOK_TIMEOUT_MS = 30_000;

export interface WebhookCaller {
  readonly timeoutMs: number;
  call(target: WebhookTarget, payload: Record<string, unknown>): Promise<WebhookResult>;
}

export interface WebhookCallerOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

export function authHeaders(target: WebhookTarget): Record<string, string> {
  if (target.basicUser) {
    const credentials = Buffer.from(`${target.basicUser}:${target.basicPass ?? ''}`).toString(
      'base64',
    );
    return { authorization: `Basic ${credentials}` };
  }
  if (!target.authKey) return {};
  const value = target.authUseBearer ? `Bearer ${target.authKey}` : target.authKey;
  return { [target.authHeaderName || 'Authorization']: value };
}

export function createWebhookCaller(options: WebhookCallerOptions): WebhookCaller {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    timeoutMs,
    async call(target, payload) {
      const started = performance.now();
      const hasBody = target.method !== 'GET' && target.method !== 'DELETE';
      const url = hasBody ? target.url : withQuery(target.url, payload);
      try {
        const response = await sendOutbound({
          url,
          method: target.method,
          headers: {
            accept: 'application/json, text/plain, */*',
            'user-agent': 'client-platform-webhook/1.0',
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...authHeaders(target),
          },
          body: hasBody ? JSON.stringify(payload) : undefined,
          timeoutMs,
          allowPrivate: options.allowPrivate,
        });
        const ok = response.status >= 200 && response.status < 300;
        return { status: response.status, ok, body: response.body, durationMs: elapsed(started) };
      } catch (error) {
        const e =
          error instanceof OutboundError ? error : new OutboundError('network', String(error));
        return {
          status: null,
          ok: false,
          body: '',
          durationMs: elapsed(started),
          error: { kind: e.kind, message: e.message },
        };
      }
    },
  };
}

const elapsed = (started: number) => Math.round(performance.now() - started);

function withQuery(url: string, payload: Record<string, unknown>): string {
  try {
    const parsed = new URL(url);
    for (const [key, value] of Object.entries(payload)) {
      if (value !== null && value !== undefined) parsed.searchParams.set(key, String(value));
    }
    return parsed.toString();
  } catch {
    return url;
  }
}
