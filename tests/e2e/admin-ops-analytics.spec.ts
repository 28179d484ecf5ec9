import type { AnalyticsOverview, TopProcess } from '#shared/analytics.ts';
import {
  adminGet,
  clientWithRuns,
  firstPaint,
  startWebhook,
  type Webhook,
} from './admin-ops-helpers.ts';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin analytics (SPEC §2, §3): the overview figures as the API gave them, the top
// processes with process and client names, usage per period, the window filter and
// the empty states.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test('shows the overview, top processes and usage of runs made in the test', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  const { working, failing } = await clientWithRuns(request, admin, webhook, 'Ana Lytics');

  // Other tests may add runs meanwhile, so compare with the answer this page received.
  const overviewAnswer = page.waitForResponse((r) => r.url().endsWith('/api/analytics/overview'));
  await openSignedIn(page, admin, '/admin/analytics');
  const overview = (await (await overviewAnswer).json()) as AnalyticsOverview;
  expect(overview.totalRuns).toBeGreaterThanOrEqual(2);
  const stats = page.getByRole('region', { name: 'Overview' });
  const figure = (label: string) =>
    stats.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Users')).toHaveText(overview.users.toLocaleString('en-US'), firstPaint);
  await expect(figure('Active subscriptions')).toHaveText(
    overview.activeSubscriptions.toLocaleString('en-US'),
  );
  await expect(figure('Total runs')).toHaveText(overview.totalRuns.toLocaleString('en-US'));

  // Top processes: names, the client, runs and failures. Other tests' processes may fill
  // the top 10, so list the top 100.
  const top = page.getByRole('region', { name: 'Top processes' });
  const longer = page.waitForRequest(
    (r) => r.url().includes('top-processes?') && r.url().includes('limit=100'),
  );
  await page.getByRole('group', { name: 'Filters' }).getByLabel('Show').selectOption('Top 100');
  await longer;
  await expect(page).toHaveURL(/top=100/);
  const workingRow = top.getByRole('row').filter({ hasText: working.name });
  await expect(workingRow.getByRole('cell')).toHaveText([
    working.name,
    'Ana Lytics',
    '1',
    '0',
    '0%',
  ]);
  const failingRow = top.getByRole('row').filter({ hasText: failing.name });
  await expect(failingRow.getByRole('cell')).toHaveText([
    failing.name,
    'Ana Lytics',
    '1',
    '1',
    '100%',
  ]);
  await expect(workingRow.getByRole('link', { name: 'Ana Lytics' })).toHaveAttribute(
    'href',
    /\/admin\/clients\//,
  );

  // Usage: the chart and a row per period, client and process.
  const usage = page.getByRole('region', { name: 'Usage over time' });
  await expect(
    usage.getByRole('figure', { name: 'Executions and failures per day' }),
  ).toBeVisible();
  await expect(usage.locator('svg.recharts-surface').filter({ hasText: /\w/ })).toBeVisible();
  const usageRow = usage.getByRole('row').filter({ hasText: failing.name });
  await expect(usageRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(usageRow.getByRole('cell').nth(4)).toHaveText('1');

  // The window filter goes to the server and into the address.
  const weekly = page.waitForRequest(
    (r) => r.url().includes('/api/analytics/usage') && r.url().includes('period=week'),
  );
  await page.getByLabel('Group by').selectOption('week');
  await weekly;
  await expect(page).toHaveURL(/period=week/);
  await expect(
    usage.getByRole('figure', { name: 'Executions and failures per week' }),
  ).toBeVisible();
  await expect(usage.getByRole('columnheader', { name: 'Week' })).toBeVisible();
  await expect(usage.getByRole('row').filter({ hasText: failing.name })).toContainText('Week of');

  const lastWeek = page.waitForRequest((r) => r.url().includes('top-processes?days=7'));
  await page.getByLabel('Time range').selectOption('7');
  await lastWeek;
  await expect(page).toHaveURL(/days=7/);
  await expect(top.getByRole('row').filter({ hasText: working.name })).toBeVisible();

  // The address restores the same view.
  await page.reload();
  await expect(page.getByLabel('Time range')).toHaveValue('7');
  await expect(page.getByLabel('Group by')).toHaveValue('week');
  await expect(page.getByLabel('Show')).toHaveValue('100');

  const data = await adminGet<TopProcess[]>(
    request,
    admin,
    '/api/analytics/top-processes?days=7&limit=100',
  );
  expect(data.find((row) => row._id === failing._id)?.runs).toBe(1);
});

test('says so when the window holds no runs', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  // Runs from other tests exist on this server, so answer this page with an empty window.
  await page.route('**/api/analytics/top-processes?*', (route) => route.fulfill({ json: [] }));
  await page.route('**/api/analytics/usage?*', (route) =>
    route.fulfill({ json: { runsAgg: [], usage: [] } }),
  );
  await openSignedIn(page, admin, '/admin/analytics?days=90&period=month');
  await expect(
    page.getByRole('region', { name: 'Top processes' }).getByText('No runs in the last 90 days.'),
  ).toBeVisible(firstPaint);
  await expect(
    page
      .getByRole('region', { name: 'Usage over time' })
      .getByText(/No runs in the last 90 days\. Runs appear here/),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
