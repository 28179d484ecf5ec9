import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import type { AuthResponse } from '#shared/user.ts';

// Shared fixtures for the browser tests: any console error or uncaught exception that a
// test did not announce fails it, and helpers create accounts through the API.

export const adminAccount = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-Passw0rd1',
};

export const strongPassword = 'Str0ng-Passw0rd';

/** Collects console errors and page errors; call the returned check when done. */
export function watchConsole(page: Page, allowed: RegExp[] = []) {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(`Uncaught: ${error.message}`));
  return () => seen.filter((text) => !allowed.some((pattern) => pattern.test(text)));
}

interface Fixtures {
  /**
   * Console errors this test expects (e.g. the browser's log line for a 401 answer).
   * Give ONE pattern (`[/status of (400|401)/]`): Playwright reads a two-element array in
   * test.use() as a [value, options] pair.
   */
  allowConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure
  allowConsoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, allowConsoleErrors }, use) => {
    const unexpected = watchConsole(page, allowConsoleErrors);
    await use(page);
    expect(unexpected(), 'unexpected console errors').toEqual([]);
  },
});

export { expect };

/**
 * Accounts (or other data) made once for the tests of a describe block, through an API
 * context of its own, as a test's `request` fixture does not outlive the test.
 */
export function madeOnce<T>(make: (request: APIRequestContext) => Promise<T>): () => T {
  let made: T | undefined;
  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    made = await make(request);
    await request.dispose();
  });
  return () => {
    if (made === undefined) throw new Error('the set-up of this group did not run');
    return made;
  };
}

let counter = 0;
export const uniqueEmail = (label = 'client') =>
  `${label}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.test`;

export async function createClientAccount(
  request: APIRequestContext,
  name = 'Casey Client',
): Promise<AuthResponse> {
  // The browser tests' servers allow 1,000 sign-ins and sign-ups a minute from one address
  // (AUTH_RATE_LIMIT_PER_MINUTE), so a 429 here is a failure, not something to wait out.
  const response = await request.post('/api/auth/register', {
    data: {
      name,
      email: uniqueEmail(),
      password: strongPassword,
      confirmPassword: strongPassword,
      companyName: 'Acme Test Co',
      companyCode: '',
      acceptedTOS: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AuthResponse;
}

export async function loginAdmin(request: APIRequestContext): Promise<AuthResponse> {
  const response = await request.post('/api/auth/login', { data: adminAccount });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
}

/**
 * Opens `path` and waits until React has hydrated the page (root.tsx marks <html>). On a
 * pre-rendered page, a click or key press before then reaches plain HTML: a form would be
 * posted by the browser itself. Use it before typing or clicking on a public page.
 */
export async function gotoHydrated(
  page: Page,
  path: string,
  options?: Parameters<Page['goto']>[1],
) {
  const response = await page.goto(path, options);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/** Stores a session the way the app does, then opens `path`. */
export async function openSignedIn(page: Page, session: AuthResponse, path: string) {
  await page.goto('/');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(path);
}
