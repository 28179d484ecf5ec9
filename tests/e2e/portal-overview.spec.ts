import AxeBuilder from '@axe-core/playwright';
import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, startWebhook, type Webhook } from './portal-helpers.ts';

// The client's overview on /client: the three cards and Need Help of SPEC §2,
// with the plan and its status, the runs of the last seven days, the next scheduled run,
// the last runs in words and, for a new account, what to do first.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test('a new account sees what to do first', async ({ page, request }) => {
  const { client } = await portalClient(request, { plan: 'Trial', status: 'no_subscription' });
  await openSignedIn(page, client, '/client');
  const start = page.getByRole('region', { name: 'Get started' });
  await expect(start.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
    'href',
    '/billing',
  );
  await expect(start.getByRole('listitem')).toHaveCount(3);
  const figures = page.getByRole('region', { name: 'Your account at a glance' });
  await expect(figures).toContainText('Pending');
  await expect(figures).toContainText('None yet');
  await expect(figures).toContainText('no failures');
  await expect(figures).toContainText('Nothing scheduled');
  await expect(page.getByText('No runs yet.')).toBeVisible();
  // SPEC §2's three cards and Need Help stay.
  for (const name of ['Processes', 'Scheduler', 'Billing'])
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) }).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('a working account sees its runs, failures and next run', async ({ page, request }) => {
  const { client, addProcess } = await portalClient(request, {
    name: 'Olive Overview',
    plan: 'Pro',
    entitlements: { manualTrigger: true },
  });
  const intake = await addProcess({
    name: 'Lead intake',
    n8nWebhookUrl: webhook.url('/ok/intake'),
  });
  const sync = await addProcess({ name: 'Broken sync', n8nWebhookUrl: webhook.url('/fail/sync') });
  const headers = { authorization: `Bearer ${client.token}` };
  for (const process of [intake, intake, sync])
    await request.post(`/api/n8n/trigger/${process._id}`, { headers, data: {} });
  const scheduled = await request.post('/api/scheduler', {
    headers,
    data: { processId: intake._id, cron: '0 9 * * 1', timezone: '' },
  });
  expect(scheduled.status()).toBe(201);

  await openSignedIn(page, client, '/client');
  const figures = page.getByRole('region', { name: 'Your account at a glance' });
  await expect(figures).toContainText('Pro');
  await expect(figures).toContainText('Active');
  await expect(figures.getByText('3', { exact: true })).toBeVisible();
  await expect(figures).toContainText('1 failed');
  await expect(figures).toContainText('Lead intake');
  const last = page.getByRole('list', { name: 'Last runs' }).getByRole('listitem');
  await expect(last).toHaveCount(3);
  await expect(last.first()).toContainText('Broken sync');
  await expect(last.first()).toContainText('The workflow ran into an error');
  await expect(last.nth(1)).toContainText(/Ran successfully in /);
  // Nothing left to set up: no get-started list.
  await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
});
