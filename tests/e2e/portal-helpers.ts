import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CreateProcessInput, SavedProcess } from '#shared/processes.ts';
import type { Entitlements, Plan, SubscriptionStatus } from '#shared/user.ts';
import { createClientAccount, expect, loginAdmin } from './fixtures.ts';

// Set-up for the portal's browser tests, done the way an admin would through the API:
// a client on a plan and subscription status with entitlements, processes pointing at a
// tiny webhook on loopback.

export const webhookAnswers = { ok: 'workflow ran fine', fail: 'workflow exploded' } as const;

export interface Webhook {
  url(path: string): string;
  close(): Promise<void>;
}

/** /ok... answers 200 with text, /fail... answers 500. */
export async function startWebhook(): Promise<Webhook> {
  const server: Server = createServer((request, response) => {
    request.resume();
    const ok = request.url?.startsWith('/ok');
    response.writeHead(ok ? 200 : 500, { 'content-type': 'text/plain' });
    response.end(ok ? webhookAnswers.ok : webhookAnswers.fail);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PortalClientOptions {
  name?: string;
  plan?: Plan;
  status?: SubscriptionStatus;
  entitlements?: Entitlements;
}

/** A registered client with the plan, subscription status and entitlements given. */
export async function portalClient(request: APIRequestContext, options: PortalClientOptions = {}) {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, options.name ?? 'Casey Client'),
  ]);
  const headers = { authorization: `Bearer ${admin.token}` };
  const id = client.user._id;
  const patched = await request.patch(`/api/admin/clients/${id}`, {
    headers,
    data: { plan: options.plan ?? 'Basic', entitlements: options.entitlements ?? {} },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const status = await request.post(`/api/admin/billing/${id}/mock-status`, {
    headers,
    data: { status: options.status ?? 'active' },
  });
  expect(status.status(), await status.text()).toBe(200);

  const addProcess = async (values: Omit<CreateProcessInput, 'clientUserId'>) => {
    const created = await request.post('/api/admin/processes', {
      headers,
      data: { clientUserId: id, ...values },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as SavedProcess;
  };

  return { admin, client, addProcess };
}

/** A unique process name, so parallel tests never read each other's rows. */
export const processName = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The app's notice (the toaster's live region), not a loading spinner's status. */
export const notice = (page: Page) => page.locator('[role="status"][aria-atomic="true"]');
