import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import type { ZohoOptions } from '#server/integrations/zoho/types.ts';
import {
  createAppsState,
  FAKE_BOOKS_ORG,
  FAKE_DESK_ORG,
  handleBooks,
  handleDesk,
} from './fake-zoho-apps.ts';
import {
  type BillingState,
  completeCheckout,
  createBillingState,
  handleBilling,
  json,
} from './fake-zoho-billing.ts';
import { createCrmState, handleCrm } from './fake-zoho-crm.ts';

// A real HTTP server on loopback standing in for Zoho: Accounts (refresh-token grant),
// Billing v1 (fake-zoho-billing.ts) and CRM v6 contacts. Like Zoho it wants a valid
// `Zoho-oauthtoken` on every API call and the organisation header on Billing calls, and
// it records every request for assertions.

export const FAKE_ZOHO_CREDENTIALS = {
  clientId: '1000.FAKECLIENTID',
  clientSecret: 'fake-client-secret',
  refreshToken: '1000.fake-refresh-token',
  organizationId: '10234695',
};

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeZoho extends BillingState {
  /** ZohoOptions pointing at this server. */
  options: ZohoOptions;
  received: Recorded[];
  crmContacts: Record<string, unknown>[];
  crmAccounts: Record<string, unknown>[];
  booksContacts: Record<string, unknown>[];
  deskContacts: Record<string, unknown>[];
  /** How many access tokens were minted. */
  tokensIssued(): number;
  /** Makes every issued access token invalid, as when Zoho expires them early. */
  revokeTokens(): void;
  /** The refresh token lacks the API scopes: every API call answers 401, fresh token or not. */
  withoutScopes(on: boolean): void;
  /** The next `times` API calls answer `status` (429 over the rate limit, 5xx unwell). */
  answerNext(status: number, times: number): void;
  /**
   * The next answer to `path` (say /billing/v1/subscriptions/123) says what Zoho had when
   * asked but arrives `ms` later, as a slow answer does while Zoho moves on.
   */
  slowNextAnswer(path: string, ms: number): void;
  /** The customer paid on the hosted page: Zoho creates a live subscription. */
  completeCheckout(hostedPageId: string): Record<string, unknown>;
}

const isRefreshGrant = (method: string, q: Record<string, string>) =>
  method === 'POST' &&
  q.grant_type === 'refresh_token' &&
  q.client_id === FAKE_ZOHO_CREDENTIALS.clientId &&
  q.client_secret === FAKE_ZOHO_CREDENTIALS.clientSecret &&
  q.refresh_token === FAKE_ZOHO_CREDENTIALS.refreshToken;

export async function startFakeZoho(): Promise<FakeZoho> {
  const received: Recorded[] = [];
  const validTokens = new Set<string>();
  const state = createBillingState();
  const crm = createCrmState();
  const crmContacts = crm.contacts;
  const apps = createAppsState();
  let issued = 0;
  let base = '';
  let scopesMissing = false;
  let failing = { status: 0, times: 0 };
  let slow: { path: string; ms: number } | null = null;
  // Zoho Accounts mints at most ten access tokens per refresh token in ten minutes.
  const mintedAt: number[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const query = Object.fromEntries(url.searchParams);
      const method = req.method ?? 'GET';
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString();
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return json(res, 400, { code: 4, message: 'Invalid value passed for JSONString' });
      }
      received.push({ method, path: url.pathname, query, headers: req.headers, body });
      if (slow?.path === url.pathname) {
        const { ms } = slow;
        slow = null;
        const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
        res.end = ((...args: unknown[]) => {
          setTimeout(() => end(...args), ms);
          return res;
        }) as typeof res.end;
      }

      if (url.pathname === '/oauth/v2/token') {
        // Zoho answers 200 with an error field when the grant is wrong.
        if (!isRefreshGrant(method, query)) return json(res, 200, { error: 'invalid_code' });
        const recent = mintedAt.filter((at) => at > Date.now() - 10 * 60_000);
        if (recent.length >= 10) {
          return json(res, 400, {
            error_description:
              'You have made too many requests continuously. Please try again after some time.',
            error: 'Access Denied',
            status: 'failure',
          });
        }
        mintedAt.push(Date.now());
        const token = `1000.${randomBytes(16).toString('hex')}`;
        validTokens.add(token);
        issued++;
        return json(res, 200, {
          access_token: token,
          api_domain: 'https://www.zohoapis.com',
          token_type: 'Bearer',
          expires_in: 3600,
        });
      }
      const token = /^Zoho-oauthtoken (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (failing.times > 0) {
        failing.times--;
        return json(res, failing.status, {
          code: failing.status === 429 ? 44 : 500,
          message:
            failing.status === 429
              ? 'You have exceeded the maximum number of API calls allowed per minute.'
              : 'Internal error.',
        });
      }
      if (scopesMissing && url.pathname.startsWith('/crm/')) {
        return json(res, 401, {
          code: 'OAUTH_SCOPE_MISMATCH',
          details: {},
          message: 'invalid oauth scope to access this URL',
          status: 'error',
        });
      }
      if (!token || !validTokens.has(token) || scopesMissing) {
        return json(res, 401, {
          code: 57,
          message: 'You are not authorized to perform this operation',
        });
      }
      if (url.pathname.startsWith('/billing/v1/')) {
        const org = req.headers['x-com-zoho-subscriptions-organizationid'];
        if (org !== FAKE_ZOHO_CREDENTIALS.organizationId) {
          return json(res, 400, {
            code: 6041,
            message: 'This user is not associated with this organization.',
          });
        }
        const path = url.pathname.slice('/billing/v1'.length);
        return handleBilling(state, { method, path, query, body }, res);
      }
      const appRequest = { method, query, headers: req.headers, body };
      if (url.pathname.startsWith('/books/v3/')) {
        const path = url.pathname.slice('/books/v3'.length);
        const answered = handleBooks(apps, { ...appRequest, path });
        if (answered) return json(res, answered.status, answered.body);
      }
      if (url.pathname.startsWith('/desk/api/v1/')) {
        const path = url.pathname.slice('/desk/api/v1'.length);
        const answered = handleDesk(apps, { ...appRequest, path });
        if (answered?.status === 204) {
          res.writeHead(204);
          return res.end();
        }
        if (answered) return json(res, answered.status, answered.body);
      }
      if (url.pathname.startsWith('/crm/v6/')) {
        const answered = handleCrm(crm, { method, path: url.pathname.slice(7), query, body });
        if (answered) return json(res, answered.status, answered.body);
      }
      return json(res, 404, {
        code: 'INVALID_URL_PATTERN',
        message: 'Invalid URL',
        status: 'error',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return {
    ...state,
    options: {
      ...FAKE_ZOHO_CREDENTIALS,
      accountsUrl: base,
      billingApiUrl: `${base}/billing/v1`,
      crmApiUrl: `${base}/crm/v6`,
      books: { apiUrl: `${base}/books/v3`, organizationId: FAKE_BOOKS_ORG },
      desk: { apiUrl: `${base}/desk/api/v1`, orgId: FAKE_DESK_ORG },
      timeoutMs: 3_000,
    },
    booksContacts: apps.booksContacts,
    deskContacts: apps.deskContacts,
    received,
    crmContacts,
    crmAccounts: crm.accounts,
    tokensIssued: () => issued,
    revokeTokens: () => validTokens.clear(),
    withoutScopes: (on) => {
      scopesMissing = on;
    },
    answerNext: (status, times) => {
      failing = { status, times };
    },
    slowNextAnswer: (path, ms) => {
      slow = { path, ms };
    },
    completeCheckout: (hostedPageId) => completeCheckout(state, hostedPageId),
  };
}
