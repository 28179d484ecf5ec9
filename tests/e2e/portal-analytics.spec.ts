import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, startWebhook, type Webhook } from './portal-helpers.ts';

// Client analytics (SPEC §2 sidebar entry, §6 analytics entitlement): runs and failures
// per day and per process for an entitled client; the gate for one without.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test('an entitled client sees its runs per day and per process', async ({ page, request }) => {
  const { client, addProcess } = await portalClient(request, {
    entitlements: { manualTrigger: true, analytics: true },
  });
  const good = await addProcess({ name: 'Daily export', n8nWebhookUrl: webhook.url('/ok/x') });
  const bad = await addProcess({ name: 'Flaky import', n8nWebhookUrl: webhook.url('/fail/x') });
  const run = (id: string) =>
    request.post(`/api/n8n/trigger/${id}`, {
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
    });
  await run(good._id);
  await run(good._id);
  await run(bad._id);

  await openSignedIn(page, client, '/client/analytics');
  await expect(
    page
      .getByRole('navigation', { name: 'Client Portal' })
      .getByRole('link', { name: 'Analytics' }),
  ).toBeVisible();
  await expect(page.getByText('Figures cover the last 7 days.')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Runs', { exact: true }).locator('..')).toContainText('3');
  await expect(totals.getByText('Failures', { exact: true }).locator('..')).toContainText('1');
  await expect(totals.getByText('Failure rate').locator('..')).toContainText('33.3%');

  // The chart says in words what it shows, and the same figures are in a table.
  await expect(
    page.getByRole('img', { name: /Runs per day chart\. 3 runs in the last 7 days, 1 failed/ }),
  ).toBeVisible();
  await page.getByText('Show the figures as a table').click();
  const perDay = page.getByRole('table', { name: 'Runs per day' });
  await expect(perDay.getByRole('row')).toHaveCount(9); // header + 8 days (7 back and today)
  await expect(perDay.getByRole('row').nth(1)).toContainText('3');

  const perProcess = page.getByRole('table', { name: 'Runs per process' });
  const row = (name: string) => perProcess.getByRole('row').filter({ hasText: name });
  await expect(row('Daily export')).toContainText('2');
  await expect(row('Daily export')).toContainText('0%');
  await expect(row('Daily export')).toContainText('Succeeded');
  await expect(row('Flaky import')).toContainText('100%');
  await expect(row('Flaky import')).toContainText('Failed');
});

test('without the analytics entitlement the page says so and links to Billing', async ({
  page,
  request,
}) => {
  const { client } = await portalClient(request, { plan: 'Pro' });
  await openSignedIn(page, client, '/client/analytics');
  await expect(page.getByText('Analytics is not enabled for your account.')).toBeVisible();
  await page.getByRole('link', { name: 'review your plan on Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
});

test('a quiet period is said in words, not drawn as empty days', async ({ page, request }) => {
  const { client } = await portalClient(request, { entitlements: { analytics: true } });
  await openSignedIn(page, client, '/client/analytics');
  const perDay = page.getByRole('region', { name: 'Runs per day' });
  await expect(perDay.getByText('No runs in the last 7 days.')).toBeVisible();
  await expect(perDay.getByRole('link', { name: 'go to My Processes' })).toHaveAttribute(
    'href',
    '/client/processes',
  );
  await expect(page.getByRole('img', { name: /Runs per day chart/ })).toHaveCount(0);
  await expect(page.getByText('Show the figures as a table')).toHaveCount(0);
});
