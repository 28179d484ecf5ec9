import AxeBuilder from '@axe-core/playwright';
import { apiTokenMessages } from '#shared/api-tokens.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, processName, startWebhook, type Webhook } from './portal-helpers.ts';

// Personal API tokens (docs/decisions/025-personal-api-tokens.md): made on Profile and
// copied while shown once, used by "the client's software" (Playwright's request) to start
// a run that the run history shows as started by an API token, then revoked on Profile,
// after which the same call is refused.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test('a token made on Profile starts a run, shows in the history, and stops when revoked', async ({
  page,
  request,
  context,
}) => {
  const { client, addProcess } = await portalClient(request, {
    name: 'Tara Token',
    entitlements: { manualTrigger: true },
  });
  const name = processName('Invoice sync');
  const process = await addProcess({ name, n8nWebhookUrl: webhook.url(`/ok/${Date.now()}`) });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await openSignedIn(page, client, '/settings?tab=security');
  const card = page.getByRole('region', { name: 'API tokens' });
  await expect(card).toContainText('You have no API tokens yet.');
  // The curl example names one of the account's processes.
  await expect(card.locator('pre')).toContainText(`/api/n8n/trigger/${process._id}`);
  await expect(card.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute(
    'href',
    '/api/docs',
  );

  // The shared schema speaks before the server does.
  await card.getByRole('button', { name: 'Create token' }).click();
  await expect(card.getByLabel('Token name')).toHaveAccessibleDescription(
    new RegExp(apiTokenMessages.nameRequired),
  );

  await card.getByLabel('Token name').fill('CRM button');
  await card.getByLabel('Expires after').selectOption('30');
  await card.getByRole('button', { name: 'Create token' }).click();
  const secretField = card.getByLabel('New token “CRM button”');
  await expect(secretField).toHaveValue(/^pat_[A-Za-z0-9_-]{43}$/);
  await card.getByRole('button', { name: 'Copy token' }).click();
  await expect(card).toContainText('Copied to the clipboard.');
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await secretField.inputValue());
  await expect(card.getByRole('list', { name: 'Your API tokens' })).toContainText(
    `CRM button${secret.slice(0, 12)}…`,
  );
  await expect(card.getByRole('listitem')).toContainText('Never used');

  // The client's own software starts a run with the copied token.
  const started = await request.post(`/api/n8n/trigger/${process._id}`, {
    headers: { authorization: `Bearer ${secret}` },
    data: { inputs: {} },
  });
  expect(started.status(), await started.text()).toBe(200);
  const runId = started.headers()['x-run-id'];
  const run = await request.get(`/api/n8n/runs/${runId}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(await run.json()).toMatchObject({ _id: runId, trigger: 'api', ok: true });

  // The run history shows it as started by the token, by the client.
  await page.goto('/client/processes');
  const item = page.getByRole('listitem', { name });
  await item.getByRole('button', { name: 'Recent runs' }).click();
  const history = page.getByRole('dialog', { name: `Recent runs: ${name}` });
  const runs = history.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText('API token · Tara Token');
  await page.keyboard.press('Escape');

  // Profile shows its last use; revoking asks first, then the token stops working.
  await page.goto('/settings?tab=security');
  await expect(card.getByRole('listitem')).toContainText('Last used');
  await expect(card.getByLabel(/New token/)).toHaveCount(0); // shown once only
  await card.getByRole('button', { name: 'Revoke CRM button' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API token?' });
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText(apiTokenMessages.revoked)).toBeVisible();
  await expect(card).toContainText('You have no API tokens yet.');

  const refused = await request.post(`/api/n8n/trigger/${process._id}`, {
    headers: { authorization: `Bearer ${secret}` },
    data: { inputs: {} },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe(apiTokenMessages.revokedToken);
});

test('the card passes the accessibility checks with a new token shown', async ({
  browser,
  request,
}) => {
  const { client } = await portalClient(request, { name: 'Ada Access' });
  // axe needs a page of a context of its own.
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, client, '/settings?tab=security');
  const card = page.getByRole('region', { name: 'API tokens' });
  await card.getByLabel('Token name').fill('Nightly job');
  await card.getByLabel('Token name').press('Enter');
  await expect(card.getByLabel('New token “Nightly job”')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your API tokens' })).toContainText('Never used');
  const { violations } = await new AxeBuilder({ page }).include('#api-tokens').analyze();
  expect(violations).toEqual([]);
  await context.close();
});
