import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import type { SavedProcess } from '#shared/processes.ts';
import type { AuthResponse } from '#shared/user.ts';
import { createClientAccount, expect } from './fixtures.ts';

// Helpers for the admin operations screens (analytics, environment, security, audit
// logs): a webhook on loopback, processes made and tested through the admin API, and
// admin API calls for checking what the screens show.

/** A long failure body, so a failed run's audit details run past 300 characters. */
export const LONG_FAILURE = `Workflow exploded. ${'Trace line in node Set. '.repeat(16)}`;

export interface Webhook {
  url: string;
  close: () => Promise<void>;
}

/** /ok… answers 200 "received"; anything else answers 500 with LONG_FAILURE. */
export async function startWebhook(): Promise<Webhook> {
  const server: Server = createServer((request, response) => {
    request.resume();
    const ok = request.url?.startsWith('/ok');
    response.writeHead(ok ? 200 : 500, { 'content-type': 'text/plain' });
    response.end(ok ? 'received' : LONG_FAILURE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The server under test keeps connections alive; do not wait for them to idle out.
        server.closeAllConnections();
      }),
  };
}

/**
 * For the first look at a screen just opened: loading the admin chunks on a busy
 * two-core machine can take longer than the usual expect timeout.
 */
export const firstPaint = { timeout: 20_000 };

const auth = (admin: AuthResponse) => ({ authorization: `Bearer ${admin.token}` });

export async function adminGet<T>(
  request: APIRequestContext,
  admin: AuthResponse,
  path: string,
): Promise<T> {
  const response = await request.get(path, { headers: auth(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A process for the client, created through the admin API. */
export async function createProcess(
  request: APIRequestContext,
  admin: AuthResponse,
  values: { name: string; clientUserId: string; n8nWebhookUrl: string },
): Promise<SavedProcess> {
  const response = await request.post('/api/admin/processes', {
    headers: auth(admin),
    data: values,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SavedProcess;
}

/** POST /api/admin/processes/{id}/test: records one run (and an audit entry if it fails). */
export async function testProcess(
  request: APIRequestContext,
  admin: AuthResponse,
  processId: string,
) {
  const response = await request.post(`/api/admin/processes/${processId}/test`, {
    headers: auth(admin),
    data: {},
  });
  return { status: response.status(), body: await response.text() };
}

/** A new client with one working and one failing process, each tested once. */
export async function clientWithRuns(
  request: APIRequestContext,
  admin: AuthResponse,
  webhook: Webhook,
  clientName: string,
) {
  const client = await createClientAccount(request, clientName);
  const stamp = Date.now().toString(36);
  const working = await createProcess(request, admin, {
    name: `Working flow ${stamp}`,
    clientUserId: client.user._id,
    n8nWebhookUrl: `${webhook.url}/ok`,
  });
  const failing = await createProcess(request, admin, {
    name: `Failing flow ${stamp}`,
    clientUserId: client.user._id,
    n8nWebhookUrl: `${webhook.url}/fail`,
  });
  expect((await testProcess(request, admin, working._id)).status).toBe(200);
  expect((await testProcess(request, admin, failing._id)).status).toBe(502);
  return { client, working, failing };
}

/** Lifts the admin IP lock, whatever a test left behind. */
export async function clearAdminIpLock(request: APIRequestContext, admin: AuthResponse) {
  const response = await request.delete('/api/admin/security/admin-allowed-ip', {
    headers: auth(admin),
  });
  expect(response.status(), await response.text()).toBe(200);
}
