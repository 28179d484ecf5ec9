import AxeBuilder from '@axe-core/playwright';
import { expect, openSignedIn, test, watchConsole } from './fixtures.ts';
import {
  notice,
  portalClient,
  startWebhook,
  type Webhook,
  webhookAnswers,
} from './portal-helpers.ts';

// My Processes (SPEC §2, §8 Portal notices): run a workflow and read the answer, the
// last run and the recent runs; "Not allowed" without manual trigger; an inactive
// subscription sends the user to Billing.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test.describe('with manual trigger', () => {
  // A failing webhook answers 502 and a paused one 409, which the browser logs.
  test.use({ allowConsoleErrors: [/status of (502|409)/] });

  test('run workflows, see Triggered or Error, the last run and the recent runs', async ({
    page,
    request,
  }) => {
    const { client, addProcess } = await portalClient(request, {
      name: 'Robin Runner',
      entitlements: { manualTrigger: true },
    });
    await addProcess({
      name: 'Lead intake',
      description: 'Copies new leads into the CRM.',
      n8nWebhookUrl: webhook.url('/ok/leads'),
    });
    await addProcess({ name: 'Broken sync', n8nWebhookUrl: webhook.url('/fail/sync') });
    await addProcess({ name: 'Quiet one', n8nWorkflowId: 'wf_quiet_42', isActive: false });

    await openSignedIn(page, client, '/client/processes');
    const item = (name: string) => page.getByRole('listitem', { name });
    const leads = item('Lead intake');
    const broken = item('Broken sync');
    const quiet = item('Quiet one');

    // Description, or the workflow id when there is none; a paused badge.
    await expect(leads.getByText('Copies new leads into the CRM.')).toBeVisible();
    await expect(quiet.getByText('wf_quiet_42')).toBeVisible();
    await expect(quiet.getByText('Paused', { exact: true })).toBeVisible();
    await expect(leads.getByText('Paused', { exact: true })).toHaveCount(0);
    await expect(leads.getByText('Not run yet')).toBeVisible();

    await leads.getByRole('button', { name: 'Run workflow' }).click();
    await expect(notice(page)).toContainText('Triggered');
    await expect(notice(page)).toContainText(`Status 200: ${webhookAnswers.ok}`);
    // The list reloads with the new last run.
    await expect(leads.getByText(/^Ran successfully in /)).toBeVisible();
    await expect(leads.getByText('Not run yet')).toHaveCount(0);

    await broken.getByRole('button', { name: 'Run workflow' }).click();
    await expect(notice(page)).toContainText('Error');
    await expect(notice(page)).toContainText(
      `Status 502: The workflow answered 500: ${webhookAnswers.fail}`,
    );
    // The run records what the webhook itself answered.
    await expect(broken.getByText('The workflow ran into an error')).toBeVisible();

    // A paused process without a fallback refuses to run.
    await quiet.getByRole('button', { name: 'Run workflow' }).click();
    await expect(notice(page)).toContainText('Status 409: This workflow is paused.');

    // Recent runs, with the retention window and a status filter.
    await leads.getByRole('button', { name: 'Recent runs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recent runs: Lead intake' });
    await expect(dialog.getByText('Runs from the last 7 days.')).toBeVisible();
    const runs = dialog.getByRole('list', { name: 'Runs' }).locator(':scope > li');
    await expect(runs).toHaveCount(1);
    await expect(runs.first()).toContainText('Ran successfully in ');
    await expect(runs.first()).toContainText('Manual · Robin Runner');
    await expect(runs.first()).toContainText(webhookAnswers.ok);
    await dialog.getByText('Failed', { exact: true }).click();
    await expect(dialog.getByText('No failed runs in the last 7 days.')).toBeVisible();
    await dialog.getByText('Succeeded', { exact: true }).click();
    await expect(runs).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await broken.getByRole('button', { name: 'Recent runs' }).click();
    const brokenRuns = page.getByRole('dialog', { name: 'Recent runs: Broken sync' });
    await brokenRuns.getByText('Failed', { exact: true }).click();
    await expect(brokenRuns.getByRole('listitem')).toHaveCount(1);
    await expect(brokenRuns.getByRole('listitem')).toContainText(webhookAnswers.fail);
  });
});

test('the run history loads older runs on demand, a hundred at a time', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    name: 'Hana History',
    plan: 'Pro',
    entitlements: { manualTrigger: true },
  });
  const process = await addProcess({ name: 'Busy intake', n8nWebhookUrl: webhook.url('/ok/busy') });
  const headers = { authorization: `Bearer ${client.token}` };
  for (let i = 0; i < 102; i++) {
    const ran = await request.post(`/api/n8n/trigger/${process._id}`, { headers, data: {} });
    expect(ran.status()).toBe(200);
  }
  await openSignedIn(page, client, '/client/processes');
  await page
    .getByRole('listitem', { name: 'Busy intake' })
    .getByRole('button', { name: 'Recent runs' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Recent runs: Busy intake' });
  const runs = dialog.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await expect(runs).toHaveCount(100);
  await dialog.getByRole('button', { name: 'Load older runs' }).click();
  await expect(runs).toHaveCount(102);
  await expect(dialog.getByRole('button', { name: 'Load older runs' })).toHaveCount(0);
});

test('without manual trigger each process says Not allowed', async ({ page, request }) => {
  const { client, addProcess } = await portalClient(request, { entitlements: {} });
  await addProcess({ name: 'Report builder', n8nWebhookUrl: webhook.url('/ok/report') });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name: 'Report builder' });
  await expect(item.getByText('Not allowed')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Run workflow' })).toHaveCount(0);
});

test.describe('inactive subscription', () => {
  test.use({ allowConsoleErrors: [/status of 402/] });

  test('Run workflow says Please update billing and lands on Billing', async ({
    page,
    request,
  }) => {
    const { client, addProcess } = await portalClient(request, {
      status: 'past_due',
      entitlements: { manualTrigger: true },
    });
    await addProcess({ name: 'Unpaid run', n8nWebhookUrl: webhook.url('/ok/unpaid') });
    await openSignedIn(page, client, '/client/processes');
    await page
      .getByRole('listitem', { name: 'Unpaid run' })
      .getByRole('button', { name: 'Run workflow' })
      .click();
    await expect(notice(page)).toContainText('Please update billing');
    await expect(notice(page)).toContainText(
      'Your subscription is inactive. Redirecting to Billing…',
    );
    await expect(page).toHaveURL(/\/billing$/);
  });
});

test.describe('network failure', () => {
  test.use({ allowConsoleErrors: [/net::ERR_FAILED/] });

  test('a request that never gets an answer says Request failed', async ({ page, request }) => {
    const { client, addProcess } = await portalClient(request, {
      entitlements: { manualTrigger: true },
    });
    await addProcess({ name: 'Offline run', n8nWebhookUrl: webhook.url('/ok/offline') });
    await openSignedIn(page, client, '/client/processes');
    await page.route('**/api/n8n/trigger/*', (route) => route.abort('failed'));
    await page
      .getByRole('listitem', { name: 'Offline run' })
      .getByRole('button', { name: 'Run workflow' })
      .click();
    await expect(notice(page)).toContainText('Request failed');
  });
});

test('processes with the runs dialog, scheduler and analytics have no axe violations', async ({
  browser,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    plan: 'Pro',
    entitlements: { manualTrigger: true, analytics: true },
  });
  const process = await addProcess({
    name: 'Audit trail export',
    n8nWebhookUrl: webhook.url('/ok/audit'),
  });
  await request.post(`/api/n8n/trigger/${process._id}`, {
    headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
  });
  await request.post('/api/scheduler', {
    headers: { authorization: `Bearer ${client.token}` },
    data: { processId: process._id, cron: '0 9 * * 1-5', timezone: 'America/Chicago' },
  });
  // @axe-core/playwright needs a page from browser.newContext().
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  const axe = async () => (await new AxeBuilder({ page }).analyze()).violations;

  await openSignedIn(page, client, '/client/processes');
  await expect(page.getByText(/^Ran successfully in /)).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'Recent runs' }).click();
  await expect(page.getByRole('dialog').getByRole('listitem')).toHaveCount(1);
  expect(await axe()).toEqual([]);

  await page.goto('/client/scheduler');
  await expect(page.getByText('Every weekday at 9:00 AM')).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.goto('/client/analytics');
  await expect(page.getByRole('table', { name: 'Runs per process' })).toBeVisible();
  expect(await axe()).toEqual([]);

  expect(unexpected()).toEqual([]);
  await context.close();
});
