import type { APIRequestContext } from '@playwright/test';
import type { AuthResponse } from '#shared/user.ts';
import { firstPaint } from './admin-ops-helpers.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { pageProblems } from './page-checks.ts';
import { portalClient, processName, startWebhook, type Webhook } from './portal-helpers.ts';

// Today (/admin), the admin's landing screen: after three failures of a client's process,
// the admin opening /admin sees that process at the top with its failures in a row and
// its error, and one click opens the Runs screen filtered to its failures. The browser
// tests share one database that other tests fill, so the first-day checklist of an empty
// install is covered by the API test (src/server/features/attention).

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
  expect(ran.status(), await ran.text()).toBe(502);
}

test('three failures put the process at the top with its error, one click from its runs', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const { admin, client, addProcess } = await portalClient(request, {
    name: `Tess Today ${stamp}`,
    entitlements: { manualTrigger: true },
  });
  const failing = await addProcess({
    name: processName('Order export'),
    n8nWebhookUrl: webhook.url(`/fail/today-${stamp}`),
  });
  for (let i = 0; i < 3; i++) await trigger(request, client, failing._id);

  await openSignedIn(page, admin, '/client');
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible(firstPaint);

  const section = page.getByRole('region', { name: /Processes failing/ });
  const top = section.getByRole('listitem').first();
  await expect(top).toContainText(failing.name);
  await expect(top).toContainText(`Tess Today ${stamp}`);
  await expect(top).toContainText('3 in a row');
  await expect(top).toContainText('workflow exploded');

  await top.getByRole('link', { name: failing.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/runs\\?processId=${failing._id}&outcome=failed`));
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  const runs = page.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await expect(runs).toHaveCount(3);
  await expect(runs.first()).toContainText(failing.name);
  await expect(runs.first()).toContainText('Failed');

  // Back on Today, the client's name opens the client.
  await page.goBack();
  await expect(page).toHaveURL('/admin');
  await section
    .getByRole('listitem')
    .first()
    .getByRole('link', { name: /Tess Today/ })
    .click();
  await expect(page).toHaveURL(`/admin/clients/${client.user._id}`);
});

for (const width of [1280, 375]) {
  test(`Today reads well at ${width} px, with nothing sideways and no accessibility faults`, async ({
    browser,
    request,
  }) => {
    const { admin } = await portalClient(request, { name: 'Wren Wide' });
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, admin, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible(firstPaint);
    await expect(page.getByText('Looking at today…')).toHaveCount(0);
    expect(await pageProblems(page, `Today at ${width} px`)).toEqual([]);
    await context.close();
  });
}
