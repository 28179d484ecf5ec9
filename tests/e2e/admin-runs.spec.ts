import type { APIRequestContext } from '@playwright/test';
import type { AuthResponse } from '#shared/user.ts';
import { firstPaint } from './admin-ops-helpers.ts';
import { expect, openSignedIn, test, watchConsole } from './fixtures.ts';
import { pageProblems } from './page-checks.ts';
import { portalClient, processName, startWebhook, type Webhook } from './portal-helpers.ts';

// Runs (admin): every client's runs, opened from the navigation, narrowed to one
// process's failures through the filters (which land in the address), a run opened to
// its detail with what only admins see, and its client opened from there.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

async function trigger(request: APIRequestContext, client: AuthResponse, processId: string) {
  const ran = await request.post(`/api/n8n/trigger/${processId}`, {
    headers: { authorization: `Bearer ${client.token}` },
    data: {},
  });
  expect([200, 502], await ran.text()).toContain(ran.status());
}

test('filters to one process’s failures and opens the client from a run', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const { admin, client, addProcess } = await portalClient(request, {
    name: `Rhea Runs ${stamp}`,
    entitlements: { manualTrigger: true },
  });
  const failing = await addProcess({
    name: processName('Lead intake'),
    n8nWebhookUrl: webhook.url(`/fail/${stamp}?token=query-secret-${stamp}`),
  });
  const working = await addProcess({
    name: processName('Invoice sync'),
    n8nWebhookUrl: webhook.url(`/ok/${stamp}`),
  });
  await trigger(request, client, failing._id);
  await trigger(request, client, failing._id);
  await trigger(request, client, working._id);

  await openSignedIn(page, admin, '/admin/clients');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Runs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible(firstPaint);
  const runs = page.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await expect(runs.first()).toBeVisible();

  // A process id that is none is said under its field, and nothing is asked.
  const filters = page.getByRole('form', { name: 'Filter runs' });
  await filters.getByLabel('Process id').fill('not-an-id');
  await filters.getByRole('button', { name: 'Show runs' }).click();
  await expect(filters.getByText('The process must be given by its id (a UUID).')).toBeVisible();

  await filters.getByLabel('Process id').fill(failing._id);
  await filters.getByLabel('Outcome').selectOption('failed');
  await filters.getByRole('button', { name: 'Show runs' }).click();
  await expect(page).toHaveURL(new RegExp(`processId=${failing._id}&outcome=failed`));
  await expect(runs).toHaveCount(2);
  await expect(runs.filter({ hasText: working.name })).toHaveCount(0);
  await expect(runs.first()).toContainText(failing.name);
  await expect(runs.first()).toContainText('Failed');

  // The detail: what the client reads, then the webhook's host and path, no query string.
  await runs.first().locator('summary').click();
  const detail = runs.first();
  await expect(detail.getByRole('region', { name: 'Admins only' })).toContainText(`/fail/${stamp}`);
  await expect(detail).not.toContainText('query-secret');
  await expect(detail.getByRole('button', { name: 'Test as client' })).toBeVisible();

  await detail.getByRole('link', { name: 'Open client' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.user._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Rhea Runs ${stamp}`);
});

test('runs a failed run again from its detail, after asking, and lists the new run', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const { admin, client, addProcess } = await portalClient(request, {
    name: `Rory Retry ${stamp}`,
    entitlements: { manualTrigger: true },
  });
  const failing = await addProcess({
    name: processName('Nightly sync'),
    n8nWebhookUrl: webhook.url(`/fail/retry-${stamp}`),
  });
  await trigger(request, client, failing._id);

  await openSignedIn(page, admin, `/admin/runs?processId=${failing._id}`);
  const runs = page.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await expect(runs).toHaveCount(1, firstPaint);
  await runs.first().locator('summary').click();
  const admins = runs.first().getByRole('region', { name: 'Admins only' });
  await expect(admins).toContainText('x-run-id:');
  await runs.first().getByRole('button', { name: 'Retry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this again?' });
  await expect(dialog).toContainText('live webhook');
  await dialog.getByRole('button', { name: 'Run again' }).click();
  await expect(page.getByText('The new run failed', { exact: false })).toBeVisible();
  // The list reloads with the new run on top, marked as a retry.
  await expect(runs).toHaveCount(2);
});

test('says when no run matches the filters', async ({ page, request }) => {
  const { admin } = await portalClient(request, { name: 'Nora None' });
  await openSignedIn(page, admin, '/admin/runs?q=no-such-execution');
  await expect(page.getByText('No run matches these filters.')).toBeVisible(firstPaint);
  await expect(page.getByLabel('Run or execution id')).toHaveValue('no-such-execution');
});

for (const width of [1280, 375]) {
  test(`has no axe violations and no sideways scroll at ${width} px, a run open`, async ({
    browser,
    request,
  }) => {
    // A run of its own, so the list is never empty and one run can be opened.
    const { admin, client, addProcess } = await portalClient(request, {
      name: 'Axel Axe',
      entitlements: { manualTrigger: true },
    });
    const checked = await addProcess({
      name: processName('Axe check'),
      n8nWebhookUrl: webhook.url('/fail/axe'),
    });
    await trigger(request, client, checked._id);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const unexpected = watchConsole(page);
    await openSignedIn(page, admin, '/admin/runs');
    await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible(firstPaint);
    await expect(page.getByText(/^Loading/)).toHaveCount(0, firstPaint);
    await page.getByRole('list', { name: 'Runs' }).locator('summary').first().click();
    await expect(page.getByRole('region', { name: 'Admins only' })).toBeVisible();
    expect(await pageProblems(page, `/admin/runs at ${width} px`)).toEqual([]);
    expect(unexpected()).toEqual([]);
    await context.close();
  });
}
