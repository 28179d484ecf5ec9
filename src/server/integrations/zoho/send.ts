import { createAccessTokenSource, type SharedTokenStore } from './oauth.ts';
import { ZohoError, type ZohoOptions } from './types.ts';

// Every call to Zoho goes through here: it carries `Authorization: Zoho-oauthtoken
// <token>`, Billing calls also the organisation header, Books the organisation parameter
// and Desk the orgId header. A token Zoho refuses (401) is refreshed once and the call
// repeated; a fresh token refused too is Zoho's answer to tell (usually a scope the
// refresh token lacks), not a reason to mint another on every call (oauth.ts).

export interface ZohoCall {
  api: 'billing' | 'crm' | 'books' | 'desk';
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  accept?: string;
}

/** Sends one call; 401, 429 and 5xx are handled, any other answer is the caller's. */
export type ZohoSend = (call: ZohoCall) => Promise<Response>;

/** Zoho answers 429 when over its rate limit and 5xx when briefly unwell: wait, try again. */
const RETRY_DELAYS_MS = [500, 2_000];
const MAX_RETRY_AFTER_MS = 10_000;

const isRetryable = (call: ZohoCall, status: number) =>
  status === 429 || (call.method === 'GET' && status >= 500);

function retryDelay(response: Response, attempt: number) {
  const seconds = Number(response.headers.get('retry-after'));
  const asked = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
  return Math.min(Math.max(asked, RETRY_DELAYS_MS[attempt] ?? 0), MAX_RETRY_AFTER_MS);
}

export function createZohoSend(options: ZohoOptions, tokenStore?: SharedTokenStore): ZohoSend {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens = createAccessTokenSource(options, timeoutMs, tokenStore);
  const base = {
    billing: options.billingApiUrl,
    crm: options.crmApiUrl,
    books: options.books?.apiUrl ?? '',
    desk: options.desk?.apiUrl ?? '',
  };

  async function send(call: ZohoCall, retried = false): Promise<Response> {
    const token = await tokens.get();
    const url = new URL(`${base[call.api].replace(/\/$/, '')}${call.path}`);
    const query = {
      ...(call.api === 'books' && { organization_id: options.books?.organizationId ?? '' }),
      ...call.query,
    };
    if (Object.keys(query).length) url.search = new URLSearchParams(query).toString();
    const headers: Record<string, string> = {
      authorization: `Zoho-oauthtoken ${token}`,
      accept: call.accept ?? 'application/json',
    };
    if (call.api === 'billing') {
      headers['x-com-zoho-subscriptions-organizationid'] = options.organizationId;
    }
    if (call.api === 'desk') headers.orgId = options.desk?.orgId ?? '';
    if (call.body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
    let response: Response;
    try {
      response = await fetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ZohoError(0, `Zoho could not be reached: ${(error as Error).message}`);
    }
    if (response.status === 401 && retried) tokens.refusedFresh(token);
    if (response.status === 401 && !retried && tokens.invalidate(token)) {
      await response.body?.cancel();
      return send(call, true);
    }
    return response;
  }

  /** send() with 429 (any call) and 5xx (GET only: a POST may have happened) retried. */
  return async function sendRetrying(call) {
    for (let attempt = 0; ; attempt++) {
      const response = await send(call);
      if (attempt >= RETRY_DELAYS_MS.length || !isRetryable(call, response.status)) {
        return response;
      }
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, retryDelay(response, attempt)));
    }
  };
}
