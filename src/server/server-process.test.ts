import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { type MainProcess, spawnMain, untilReady } from '#test/support/main-process.ts';

// The real server as an operator runs it (src/server/main.ts in its own process, the
// embedded database in a data directory): a run under way survives a graceful stop, and
// one cut off by kill -9 is marked interrupted at the next start instead of staying
// "running" for ever.

const n8n = await startFakeN8n();
const dataDir = mkdtempSync(join(tmpdir(), 'server-process-'));
const ADMIN = { email: 'ops-admin@example.test', password: 'Admin-Passw0rd1' };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(): Promise<MainProcess> {
  const server = await spawnMain({
    dataDir,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilReady(server, { timeoutMs: 30_000 });
  return server;
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** An admin, and a client allowed to run a process whose webhook holds its answer. */
async function setUp(base: string) {
  const admin = await call(base, 'POST', '/api/auth/login', undefined, ADMIN);
  const password = 'Sup3r-secret';
  const client = await call(base, 'POST', '/api/auth/register', undefined, {
    name: 'Rita Runner',
    email: 'rita@example.test',
    password,
    confirmPassword: password,
    acceptedTOS: true,
  });
  const id = client.user._id;
  await call(base, 'PATCH', `/api/admin/clients/${id}`, admin.token, {
    entitlements: { manualTrigger: true },
  });
  await call(base, 'POST', `/api/admin/billing/${id}/mock-status`, admin.token, {
    status: 'active',
  });
  const process = await call(base, 'POST', '/api/admin/processes', admin.token, {
    name: 'Long export',
    clientUserId: id,
    n8nWebhookUrl: n8n.url('/hold/export'),
  });
  return { token: client.token as string, processId: process._id as string };
}

const heldCalls = (count: number) =>
  vi.waitFor(() => expect(n8n.to('/hold/export')).toHaveLength(count), { timeout: 6_000 });

/** A server that began its graceful stop closes its port to new requests. */
const untilStopping = (server: MainProcess) =>
  vi.waitFor(
    async () => {
      const open = await fetch(`${server.base}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      expect(open, 'still taking new requests').toBe(false);
    },
    { timeout: 10_000 },
  );

const runsOf = async (base: string, token: string, processId: string) =>
  (await call(base, 'GET', `/api/n8n/processes/${processId}/runs`, token)).runs as {
    state: string;
    ok: boolean | null;
    error: string | null;
  }[];

describe('the server process', () => {
  let client: { token: string; processId: string };

  it('finishes a run under way before a graceful stop (SIGTERM)', async () => {
    const server = await startServer();
    client = await setUp(server.base);
    const answer = fetch(`${server.base}/api/n8n/trigger/${client.processId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
    });
    await heldCalls(1);
    server.child.kill('SIGTERM');
    await untilStopping(server);
    n8n.releaseHeld();
    expect((await answer).status).toBe(200);
    expect(await server.exited).toBe(0);

    const again = await startServer();
    expect(await runsOf(again.base, client.token, client.processId)).toEqual([
      expect.objectContaining({ state: 'finished', ok: true }),
    ]);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 90_000);

  it('marks a run cut off by kill -9 as interrupted at the next start', async () => {
    const server = await startServer();
    const answer = fetch(`${server.base}/api/n8n/trigger/${client.processId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
    }).catch(() => null);
    await heldCalls(2);
    server.child.kill('SIGKILL');
    await server.exited;
    await answer;
    n8n.releaseHeld();

    const again = await startServer();
    const [latest] = await runsOf(again.base, client.token, client.processId);
    expect(latest).toMatchObject({ state: 'interrupted', ok: false });
    expect(latest?.error).toMatch(/^Interrupted/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
