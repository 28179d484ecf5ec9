import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, processName, startWebhook, type Webhook } from './portal-helpers.ts';

// A process's health (docs/decisions/029-operations-console.md): after three failed runs
// of a client's process, the admin's process list sorted by health shows it first with
// its failures in a row and its error, and the client's overview says it in plain words.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

// A failing run answers 502 to the client's trigger, which the browser does not see here;
// the admin's list answers 200.
test('three failed runs put a process first by health, for the admin and in plain words for the client', async ({
  page,
  request,
}) => {
  const { admin, client, addProcess } = await portalClient(request, {
    name: 'Hale Health',
    plan: 'Pro',
    entitlements: { manualTrigger: true },
  });
  const broken = processName('Broken sync');
  const working = processName('Lead intake');
  // The failing process is the older: newest first, it would come second.
  const failing = await addProcess({ name: broken, n8nWebhookUrl: webhook.url('/fail/sync') });
  const fine = await addProcess({ name: working, n8nWebhookUrl: webhook.url('/ok/intake') });
  const headers = { authorization: `Bearer ${client.token}` };
  for (const process of [fine, failing, failing, failing]) {
    const run = await request.post(`/api/n8n/trigger/${process._id}`, { headers, data: {} });
    expect(run.status()).toBe(process === fine ? 200 : 502);
  }

  await openSignedIn(page, admin, '/admin/processes');
  const list = page.getByRole('region', { name: 'All processes' });
  await list.getByLabel('Find a client').fill(client.user.email);
  await expect(list.getByText('1 client matches.')).toBeVisible({ timeout: 20_000 });
  await list
    .getByLabel('Show processes of')
    .selectOption({ label: `Hale Health (${client.user.email})` });
  const names = list.getByRole('heading', { level: 3 });
  await expect(names).toHaveCount(2);
  await expect(names.first()).toContainText(working);

  await list.getByText('By health', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=health/);
  await expect(names.first()).toContainText(broken);
  // Each process's health sits in its item of the list, without a landmark of its own:
  // two clients' processes may share a name, and landmarks' names must differ.
  const health = list.getByRole('listitem').filter({ has: page.getByText(broken) });
  await expect(health.getByText('Failing', { exact: true })).toBeVisible();
  await expect(health).toContainText('3 failures in a row');
  await expect(health).toContainText('Last error:');
  await expect(health).toContainText('workflow exploded');
  await expect(health).toContainText(/Success, 7 days\s*0% of 3 runs/);
  const fineHealth = list.getByRole('listitem').filter({ has: page.getByText(working) });
  // A healthy process says it in one line.
  await expect(fineHealth).toContainText('Success 100% over 7 days · 1 run in 30 days');

  // The client's home page says the same in plain words, worst first.
  await openSignedIn(page, client, '/client');
  const overview = page.getByRole('region', { name: 'How your processes are doing' });
  const rows = overview.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(broken);
  await expect(rows.first()).toContainText(/Failing: the last 3 runs failed, since /);
  await expect(rows.first()).toContainText('workflow exploded');
  await expect(rows.nth(1)).toContainText('Healthy: 100% of 1 run succeeded in the last 30 days.');
});
