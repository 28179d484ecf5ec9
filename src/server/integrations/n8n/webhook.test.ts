import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { WebhookPayload } from '#shared/webhook-payload.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { JWT_LIFETIME_SECONDS, jwtAuthHeader } from './jwt-auth.ts';
import { createWebhookCaller, type WebhookTarget } from './webhook.ts';

// The webhook caller against tests/support/fake-n8n.ts, which answers as n8n does: its
// Webhook node's auth, "Respond: Immediately", and the 404s of unregistered webhooks.

const n8n = await startFakeN8n();
const caller = createWebhookCaller({ allowPrivate: true, timeoutMs: 2_000 });

const JWT_SECRET = 'a-jwt-secret-of-at-least-32-characters!';
n8n.requireAuth('/ok/bearer', { kind: 'header', name: 'Authorization', value: 'Bearer k-1' });
n8n.requireAuth('/ok/raw', { kind: 'header', name: 'X-Api-Key', value: 'k-2' });
n8n.requireAuth('/ok/basic', { kind: 'basic', user: 'robot', password: 'pa:ss' });
n8n.requireAuth('/ok/jwt', { kind: 'jwt', secret: JWT_SECRET });

let sequence = 0;
const payload = (): WebhookPayload => ({
  runId: `run-${++sequence}`,
  processId: 'process-1',
  processName: 'Monthly invoices',
  workflowId: 'wf-1',
  trigger: 'manual',
  triggeredAt: '2030-01-01T00:00:00.000Z',
  account: { id: 'account-1', companyName: 'Acme & Co' },
  triggeredBy: { userId: 'user-1', email: 'person@example.com' },
  inputs: { month: '2030-01', copies: 2 },
});

const target = (path: string, auth: Partial<WebhookTarget> = {}): WebhookTarget => ({
  url: n8n.url(path),
  method: 'POST',
  authKey: null,
  authHeaderName: 'Authorization',
  authUseBearer: true,
  basicUser: null,
  basicPass: null,
  jwtSecret: null,
  ...auth,
});

/** The one request the fake received at `path`. */
const receivedAt = (path: string) => {
  const requests = n8n.to(path);
  expect(requests).toHaveLength(1);
  return requests[0]!;
};

describe('webhook calls', () => {
  it('send the payload as JSON with the run id as Idempotency-Key and X-Run-Id', async () => {
    const sent = payload();
    const result = await caller.call(target('/ok/headers'), sent);
    expect(result).toMatchObject({ status: 200, ok: true, startedOnly: false });
    const request = receivedAt('/ok/headers');
    expect(request.headers['idempotency-key']).toBe(sent.runId);
    expect(request.headers['x-run-id']).toBe(sent.runId);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual(sent);
  });

  it('sign a fresh HS256 JWT that n8n JWT Auth accepts', async () => {
    const sent = payload();
    const result = await caller.call(target('/ok/jwt/good', { jwtSecret: JWT_SECRET }), sent);
    expect(result).toMatchObject({ status: 200, ok: true });
    const token = receivedAt('/ok/jwt/good').headers.authorization?.replace(/^Bearer /, '') ?? '';
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const { payload: claims } = await jwtVerify(token, new TextEncoder().encode(JWT_SECRET), {
      algorithms: ['HS256'],
    });
    expect(claims).toMatchObject({
      runId: sent.runId,
      processId: 'process-1',
      accountId: 'account-1',
    });
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(5);
  });

  it('get 401 without a JWT and 403 with one signed by another secret', async () => {
    const missing = await caller.call(target('/ok/jwt/missing'), payload());
    expect(missing).toMatchObject({ status: 401, ok: false, body: 'No token provided' });
    const wrongSecret = 'another-secret-of-at-least-32-characters';
    const wrong = await caller.call(target('/ok/jwt/wrong', { jwtSecret: wrongSecret }), payload());
    expect(wrong).toMatchObject({ status: 403, ok: false, body: 'invalid signature' });
  });

  it('get 403 once a signed token has expired', async () => {
    const signedAt = new Date(Date.now() - (JWT_LIFETIME_SECONDS + 60) * 1000);
    const answer = await fetch(n8n.url('/ok/jwt/expired'), {
      method: 'POST',
      headers: { authorization: await jwtAuthHeader(JWT_SECRET, payload(), signedAt) },
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe('jwt expired');
  });

  it('send header auth as "Bearer <key>" or the raw key', async () => {
    const bearer = await caller.call(target('/ok/bearer/1', { authKey: 'k-1' }), payload());
    expect(bearer.status).toBe(200);
    expect(receivedAt('/ok/bearer/1').headers.authorization).toBe('Bearer k-1');
    const rawKey = { authKey: 'k-2', authHeaderName: 'X-Api-Key', authUseBearer: false };
    const raw = await caller.call(target('/ok/raw/1', rawKey), payload());
    expect(raw.status).toBe(200);
    expect(receivedAt('/ok/raw/1').headers['x-api-key']).toBe('k-2');
  });

  it('get 403 from header auth when the key is missing or wrong', async () => {
    const missing = await caller.call(target('/ok/raw/missing'), payload());
    expect(missing).toMatchObject({ status: 403, ok: false, body: 'Authorization data is wrong!' });
    const bearerNotRaw = await caller.call(target('/ok/raw/2', { authKey: 'k-2' }), payload());
    expect(bearerNotRaw.status).toBe(403);
  });

  it('send HTTP Basic, and get 401 without it and 403 when it is wrong', async () => {
    const basic = { basicUser: 'robot', basicPass: 'pa:ss' };
    expect((await caller.call(target('/ok/basic/1', basic), payload())).status).toBe(200);
    expect(receivedAt('/ok/basic/1').headers.authorization).toBe(
      `Basic ${Buffer.from('robot:pa:ss').toString('base64')}`,
    );
    const missing = await caller.call(target('/ok/basic/2'), payload());
    expect(missing).toMatchObject({ status: 401, body: 'Authorization is required!' });
    const wrong = await caller.call(target('/ok/basic/3', { ...basic, basicPass: 'x' }), payload());
    expect(wrong).toMatchObject({ status: 403, body: 'Authorization data is wrong!' });
  });

  it('mark a "Respond: Immediately" answer as started only', async () => {
    const result = await caller.call(target('/immediate/success/started'), payload());
    expect(result).toMatchObject({ status: 200, ok: true, startedOnly: true });
    expect(JSON.parse(result.body)).toEqual({ message: 'Workflow was started' });
    expect(n8n.executions.at(-1)?.workflowId).toBe('wf-1');
  });

  it("keep n8n's message and hint from a 404, never its stack trace", async () => {
    const test = await caller.call(target('/webhook-test/invoices'), payload());
    expect(test).toMatchObject({ status: 404, ok: false, startedOnly: false });
    expect(test.body).toContain('The requested webhook "POST invoices" is not registered.');
    expect(test.body).toContain("Click the 'Execute workflow' button on the canvas");
    expect(test.body).not.toMatch(/stacktrace|\/usr\/local|node_modules|\bat\s/);
    const production = await caller.call(target('/webhook/unregistered/acme/run'), payload());
    expect(production.body).toMatch(/^The requested webhook "POST unregistered\/acme\/run"/);
    expect(production.body).toContain('The workflow must be active');
    expect(production.body).not.toMatch(/\/usr\/local|node_modules/);
  });

  it("stop waiting after the call's own timeout", async () => {
    const slow = await caller.call(target('/sleep/400/a'), payload(), { timeoutMs: 100 });
    expect(slow).toMatchObject({ status: null, ok: false, error: { kind: 'timeout' } });
    const quick = createWebhookCaller({ allowPrivate: true, timeoutMs: 100 });
    expect((await quick.call(target('/sleep/400/b'), payload())).error?.kind).toBe('timeout');
    const patient = await quick.call(target('/sleep/300/c'), payload(), { timeoutMs: 2_000 });
    expect(patient).toMatchObject({ status: 200, ok: true });
  });

  it('send GET webhooks the payload as query parameters, objects as JSON text', async () => {
    const sent = payload();
    const result = await caller.call(
      { ...target('/ok/get?page=1'), method: 'GET', authKey: 'k', authUseBearer: false },
      sent,
    );
    expect(result.status).toBe(200);
    const request = receivedAt('/ok/get');
    expect(request.method).toBe('GET');
    expect(request.body).toBe('');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.headers.authorization).toBe('k');
    const query = new URL(request.path, 'http://n8n').searchParams;
    expect(query.get('page')).toBe('1');
    expect(query.get('runId')).toBe(sent.runId);
    expect(query.get('processName')).toBe('Monthly invoices');
    expect(JSON.parse(query.get('account')!)).toEqual(sent.account);
    expect(JSON.parse(query.get('triggeredBy')!)).toEqual(sent.triggeredBy);
    expect(JSON.parse(query.get('inputs')!)).toEqual(sent.inputs);
  });
});
