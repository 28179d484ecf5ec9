import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { CreateProcessInput, SavedProcess } from '#shared/processes.ts';
import type { AuthResponse, Plan } from '#shared/user.ts';
import { createClientAccount, expect, loginAdmin, watchConsole } from './fixtures.ts';

// Helpers for the team and catalog journeys: clients on a paid plan (set through the
// admin API, as the provider's staff would) and processes that belong to them.

const bearer = (session: AuthResponse) => ({ authorization: `Bearer ${session.token}` });

/** A new client whose plan is `plan` with an active subscription. */
export async function clientOnPlan(
  request: APIRequestContext,
  plan: Plan,
  name: string,
): Promise<{ admin: AuthResponse; client: AuthResponse }> {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, name),
  ]);
  const id = client.user._id;
  const patched = await request.patch(`/api/admin/clients/${id}`, {
    headers: bearer(admin),
    data: { plan },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const status = await request.post(`/api/admin/billing/${id}/mock-status`, {
    headers: bearer(admin),
    data: { status: 'active' },
  });
  expect(status.status(), await status.text()).toBe(200);
  return { admin, client };
}

/** An admin-created process for `clientUserId`, returned with its id. */
export async function createProcess(
  request: APIRequestContext,
  admin: AuthResponse,
  body: Pick<CreateProcessInput, 'name' | 'clientUserId' | 'description'>,
): Promise<SavedProcess> {
  const response = await request.post('/api/admin/processes', {
    headers: bearer(admin),
    data: { n8nWebhookUrl: 'http://127.0.0.1:9/never-called', ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SavedProcess;
}

/** GET with a session's token, expecting 200. */
export async function getAs<T>(request: APIRequestContext, session: AuthResponse, path: string) {
  const response = await request.get(path, { headers: bearer(session) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** POST with a session's token. */
export const postAs = (
  request: APIRequestContext,
  session: AuthResponse,
  path: string,
  data: object = {},
) => request.post(path, { headers: bearer(session), data });

/**
 * A page in a fresh browser context (no stored session), as someone opening a link from
 * their mailbox would; its console is checked like the fixture's page.
 */
export async function freshPage(browser: Browser, allowed: RegExp[] = []) {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const unexpected = watchConsole(page, allowed);
  return {
    page,
    close: async () => {
      await context.close();
      expect(unexpected(), 'unexpected console errors in the fresh context').toEqual([]);
    },
  };
}

/** en-US medium date, as the Team screen shows an invite's expiry. */
export const mediumDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));
