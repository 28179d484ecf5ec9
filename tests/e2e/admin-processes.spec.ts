import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from '@playwright/test';
import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin processes (SPEC §2, §5 Create process, §8 notices) against a tiny webhook on
// loopback: /ok answers 200, /fail answers 500.

let webhook: Server;
let hookUrl: string;

test.beforeAll(async () => {
  webhook = createServer((request, response) => {
    request.resume();
    const ok = request.url?.startsWith('/ok');
    response.writeHead(ok ? 200 : 500, { 'content-type': 'text/plain' });
    response.end(ok ? 'received' : 'workflow exploded');
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => webhook.close(() => resolve())));

/** Finds the client by e-mail on the server (the picker searches every account), then picks it. */
async function chooseClient(form: Locator, name: string, email: string) {
  await form.getByLabel('Find a client').fill(email);
  await expect(form.getByText('1 client matches.')).toBeVisible();
  await form.getByLabel('Client', { exact: true }).selectOption({ label: `${name} (${email})` });
}

// A failing test answers 502, which the browser logs.
test.use({ allowConsoleErrors: [/status of 502/] });

test('create with validation, edit inline, pause and activate, test requests', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Pat Processes'),
  ]);
  await openSignedIn(page, admin, '/admin/processes');
  const notice = page.getByRole('status');
  // The list comes first; New process opens the form.
  await expect(page.getByRole('form', { name: 'New process' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New process' }).click();
  const dialog = page.getByRole('dialog', { name: 'New process' });
  const form = dialog.getByRole('form', { name: 'New process' });

  await dialog.getByRole('button', { name: 'Create process' }).click();
  await expect(notice).toContainText('Missing fields');
  await expect(notice).toContainText('Name and client are required.');
  // SPEC §5's sentence is said once, by the notice; each field says what it needs.
  await expect(page.getByText('Name and client are required.')).toHaveCount(1);
  await expect(form.getByText('Name is required.')).toBeVisible();
  await expect(form.getByText('Client is required.')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();

  const name = `Invoice sync ${Date.now()}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await chooseClient(form, 'Pat Processes', client.user.email);
  await form.getByLabel('Webhook URL').fill('hooks.example.test/abc');
  await dialog.getByRole('button', { name: 'Create process' }).click();
  await expect(notice).toContainText('Invalid URL');
  await expect(notice).toContainText('Webhook URL must start with http or https.');
  await expect(form.getByText('Start the address with http:// or https://.')).toBeVisible();
  await expect(page.getByText('Webhook URL must start with http or https.')).toHaveCount(1);

  await form.getByLabel('Webhook URL').fill(`${hookUrl}/ok`);
  // The browser tests' server has n8n's API: only a workflow ID is missing to confirm runs.
  const unconfirmed = form.getByRole('note', { name: 'Runs that cannot be confirmed' });
  await expect(unconfirmed).toContainText('Without a workflow ID, runs cannot be confirmed');
  await expect(unconfirmed).toContainText('a Wait of 65 s or more');
  await form.getByLabel('Workflow ID').fill('wf-invoices');
  await expect(unconfirmed).toHaveCount(0);
  await expect(form.getByText("Each run is confirmed against n8n's execution of it")).toBeVisible();
  await form.getByLabel('Workflow ID').fill('');
  await form.getByLabel('Fallback URL').fill('ftp://fallback.example.test');
  await dialog.getByRole('button', { name: 'Create process' }).click();
  await expect(notice).toContainText('Fallback URL must start with http or https.');
  await form.getByLabel('Fallback URL').fill('');

  // Defaults: POST, 30 s, no auth; a header key in Authorization with bearer on; active.
  await expect(form.getByLabel('Method')).toHaveValue('POST');
  await expect(form.getByLabel('Timeout (seconds)')).toHaveValue('30');
  await expect(form.getByRole('radio', { name: 'None' })).toBeChecked();
  await expect(form.getByLabel('Auth key')).toHaveCount(0);
  await form.getByText('Header key', { exact: true }).click();
  await expect(form.getByLabel('Header name')).toHaveValue('Authorization');
  await expect(form.getByLabel('Send the key as a Bearer token')).toBeChecked();
  await expect(form.getByLabel('Active', { exact: true })).toBeChecked();
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByLabel('Auth key')).toHaveValue(/^n8n_[A-Za-z0-9_-]{32}$/);
  await dialog.getByRole('button', { name: 'Create process' }).click();
  await expect(notice).toContainText(`${name} was created.`);
  await expect(dialog).toBeHidden();

  let item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  await expect(item.getByText('Bearer key in Authorization')).toBeVisible();

  // Inline edit: the saved client is named, whichever clients the picker lists.
  await item.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit ${name}` });
  await expect(editor.getByLabel('Client', { exact: true })).toHaveValue(client.user._id);
  await expect(editor.getByLabel('Client', { exact: true }).locator('option:checked')).toHaveText(
    `Pat Processes (${client.user.email})`,
  );
  await editor.getByLabel('Name', { exact: true }).fill(`${name} v2`);
  await editor.getByLabel('Method').selectOption('PUT');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(notice).toContainText(`${name} v2 was updated.`);
  item = page.getByRole('listitem').filter({ hasText: `${name} v2` });
  await expect(item.getByText(`PUT ${hookUrl}/ok`)).toBeVisible();

  // Pause when active, Activate otherwise.
  await item.getByRole('button', { name: 'Pause' }).click();
  await expect(item.getByText('Paused', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Activate' }).click();
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Test Request asks first (it calls the client's live workflow), then reaches the webhook.
  await item.getByRole('button', { name: 'Test Request' }).click();
  const ask = page.getByRole('dialog', { name: 'Send a test request?' });
  await expect(ask).toContainText('live workflow');
  await ask.getByRole('button', { name: 'Send test request' }).click();
  await expect(notice).toContainText('Test sent');
  await expect(notice).toContainText(/Status 200 in \d+ ms/);
  // The answer stays in the row to read.
  const result = item.getByRole('region', { name: 'Last test request' });
  await expect(result).toContainText(/Test request: Status 200 in \d+ ms/);
  await expect(result).toContainText('received');

  // A webhook that fails.
  await item.getByRole('button', { name: 'Edit' }).click();
  await editor.getByLabel('Webhook URL').fill(`${hookUrl}/fail`);
  await page
    .getByRole('form', { name: `Edit ${name} v2` })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(notice).toContainText('was updated.');
  await item.getByRole('button', { name: 'Test Request' }).click();
  await ask.getByRole('button', { name: 'Send test request' }).click();
  await expect(notice).toContainText('Test failed');
  await expect(notice).toContainText('Status 502: The webhook answered 500: workflow exploded');
  await expect(result).toContainText('Test request: Test failed');
  await expect(result).toContainText('The webhook answered 500: workflow exploded');
});

test('a save the server warns about shows the warning until it is dismissed', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Wes Warning'),
  ]);
  // This server allows private webhooks (scripts/e2e-server.mjs), so the warning a
  // production server gives for one (processes/ssrf.api.test.ts) is staged at the network
  // edge: the real answer of each save, plus a warning.
  const warning =
    'The webhook URL points at a private, loopback or other non-public address (10.0.0.5); calls to it will be refused unless ALLOW_PRIVATE_WEBHOOKS is on.';
  const isSave = (url: URL) => /^\/api\/admin\/processes(\/[^/]+)?$/.test(url.pathname);
  await page.route(isSave, async (route) => {
    if (!['POST', 'PATCH'].includes(route.request().method())) return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), warnings: [warning] } });
  });
  await openSignedIn(page, admin, '/admin/processes');
  await page.getByRole('button', { name: 'New process' }).click();
  const form = page.getByRole('form', { name: 'New process' });
  const name = `Private hook ${Date.now()}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await chooseClient(form, 'Wes Warning', client.user.email);
  await form.getByLabel('Webhook URL').fill('http://10.0.0.5/hook');
  await page.getByRole('button', { name: 'Create process' }).click();

  await expect(page.getByRole('status')).toContainText(`${name} was created.`);
  const created = page.getByRole('alert').filter({ hasText: `${name} was saved with a warning` });
  await expect(created).toContainText(warning);
  await created.getByRole('button', { name: 'Dismiss warning' }).click();
  await expect(created).toHaveCount(0);
  // Warned, the form stayed open for the warning to be read; closed by hand.
  const dialog = page.getByRole('dialog', { name: 'New process' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Saved all the same, and an edit warns on the process itself.
  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('POST http://10.0.0.5/hook')).toBeVisible();
  await item.getByRole('button', { name: 'Edit' }).click();
  await page
    .getByRole('form', { name: `Edit ${name}` })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(page.getByRole('status')).toContainText(`${name} was updated.`);
  await expect(item.getByRole('alert')).toContainText(`${name} was saved with a warning`);
  await expect(item.getByRole('alert')).toContainText(warning);
});

test.describe('server refusals', () => {
  // The refusal is a 400 and the cut connection a failed load, both logged by the browser.
  // One pattern: Playwright reads a two-item array here as [value, options].
  test.use({ allowConsoleErrors: [/status of 400|net::ERR_FAILED/] });

  test('a refused update shows Update failed with the status and the answer', async ({
    page,
    request,
  }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Rae Refused'),
    ]);
    const name = `Refused ${Date.now()}`;
    const created = await request.post('/api/admin/processes', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { name, clientUserId: client.user._id },
    });
    expect(created.status()).toBe(201);
    await openSignedIn(page, admin, '/admin/processes');
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item.getByText('No webhook URL yet')).toBeVisible();

    // The page checks what the server checks, so a refusal is staged at the network edge.
    await page.route('**/api/admin/processes/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'x'.repeat(250) }),
          })
        : route.fallback(),
    );
    await item.getByRole('button', { name: 'Pause' }).click();
    const notice = page.getByRole('status');
    await expect(notice).toContainText('Update failed');
    await expect(notice).toContainText(`Status 400: ${'x'.repeat(200)}`);
    await expect(notice).not.toContainText('x'.repeat(201));

    await page.route('**/api/admin/processes/*', (route) => route.abort('failed'));
    await item.getByRole('button', { name: 'Pause' }).click();
    await expect(notice).toContainText('Update error');
  });
});

test('n8n settings: JWT auth, a long timeout, inputs, one auth kind, the test-URL warning', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Nia Nodes'),
  ]);
  await openSignedIn(page, admin, '/admin/processes');
  const notice = page.getByRole('status');
  await page.getByRole('button', { name: 'New process' }).click();
  const form = page.getByRole('form', { name: 'New process' });
  const name = `Month-end close ${Date.now()}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await chooseClient(form, 'Nia Nodes', client.user.email);

  // A test URL answers only while the n8n editor listens: said as soon as it is typed.
  await form.getByLabel('Webhook URL').fill(`${hookUrl}/webhook-test/close`);
  await expect(form.getByText(/This is an n8n test URL/)).toBeVisible();
  await form.getByLabel('Webhook URL').fill(`${hookUrl}/ok/close`);
  await expect(form.getByText(/This is an n8n test URL/)).toHaveCount(0);
  await form.getByLabel('Timeout (seconds)').fill('90');

  // One kind of auth: a header key typed, then Basic chosen, then JWT: only JWT is saved.
  await form.getByText('Header key', { exact: true }).click();
  await form.getByLabel('Auth key').fill('key-that-must-go');
  await form.getByText('Basic auth', { exact: true }).click();
  await form.getByLabel('Basic auth user').fill('n8n-user');
  await form.getByText('JWT', { exact: true }).click();
  await expect(form.getByText(/choose JWT Auth/)).toBeVisible();
  await form.getByLabel('JWT secret').fill('too-short');
  await page.getByRole('button', { name: 'Create process' }).click();
  await expect(form.getByText('JWT secret must be at least 32 characters.')).toBeVisible();
  await form.getByRole('button', { name: 'Generate secret' }).click();
  await expect(form.getByLabel('JWT secret')).toHaveValue(/^[A-Za-z0-9_-]{64}$/);

  // Inputs: a required select and a number with a default.
  await expect(form.getByText('No inputs: the client runs it with one click.')).toBeVisible();
  await form.getByRole('button', { name: 'Add input' }).click();
  let row = form.getByRole('group', { name: 'Input 1' });
  await expect(row.getByLabel('Name')).toBeFocused();
  await row.getByLabel('Name').fill('region');
  await row.getByLabel('Label').fill('Region');
  row = form.getByRole('group', { name: 'Region' });
  await row.getByLabel('Type').selectOption('select');
  await row.getByLabel('Options').fill('EU, US');
  await row.getByLabel('Required').check();
  await form.getByRole('button', { name: 'Add input' }).click();
  const second = form.getByRole('group', { name: 'Input 2' });
  await second.getByLabel('Name').fill('region');
  await second.getByLabel('Label').fill('How many');
  await page.getByRole('button', { name: 'Create process' }).click();
  await expect(form.getByText('Each input needs its own name.')).toBeVisible();
  const count = form.getByRole('group', { name: 'How many' });
  await count.getByLabel('Name').fill('count');
  await count.getByLabel('Type').selectOption('number');
  await count.getByLabel('Default').fill('5');
  await page.getByRole('button', { name: 'Create process' }).click();
  await expect(notice).toContainText(`${name} was created.`);

  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('JWT (HS256, fresh per call)')).toBeVisible();
  await expect(item.getByText('90 s')).toBeVisible();
  await expect(item.getByText('Region *, How many')).toBeVisible();
  const saved = (await (
    await request.get('/api/admin/processes', {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json()) as { name: string; [key: string]: unknown }[];
  expect(saved.find((p) => p.name === name)).toMatchObject({
    webhookTimeoutSeconds: 90,
    webhookAuthKey: null,
    webhookAuthBasicUser: null,
    webhookAuthJwtSecret: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
    inputFields: [
      { name: 'region', label: 'Region', type: 'select', required: true, options: ['EU', 'US'] },
      { name: 'count', label: 'How many', type: 'number', required: false, defaultValue: '5' },
    ],
  });

  // Editing keeps the choice; going back to None clears the secret.
  await item.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit ${name}` });
  await expect(editor.getByRole('radio', { name: 'JWT' })).toBeChecked();
  await expect(editor.getByRole('group', { name: 'Region' }).getByLabel('Options')).toHaveValue(
    'EU, US',
  );
  await editor.getByText('None', { exact: true }).click();
  // Removing the first input leaves the second as it was, now first.
  await editor.getByRole('button', { name: 'Remove Region' }).click();
  await expect(editor.getByRole('button', { name: 'Add input' })).toBeFocused();
  const left = editor.getByRole('group', { name: 'How many' });
  await expect(left.getByLabel('Name')).toHaveValue('count');
  await expect(left.getByLabel('Type')).toHaveValue('number');
  await expect(left.getByLabel('Default')).toHaveValue('5');
  await expect(editor.getByRole('group', { name: 'Region' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(notice).toContainText(`${name} was updated.`);
  await expect(item.getByText('Authentication').locator('..')).toContainText('None');
  const edited = (await (
    await request.get('/api/admin/processes', {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json()) as { name: string; inputFields: unknown[] }[];
  expect(edited.find((p) => p.name === name)?.inputFields).toEqual([
    expect.objectContaining({
      name: 'count',
      label: 'How many',
      type: 'number',
      defaultValue: '5',
    }),
  ]);
});

test('saving a /webhook-test/ URL keeps the warning in view', async ({ page, request }) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Tess Test'),
  ]);
  await openSignedIn(page, admin, '/admin/processes');
  await page.getByRole('button', { name: 'New process' }).click();
  const form = page.getByRole('form', { name: 'New process' });
  const name = `Draft flow ${Date.now()}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await chooseClient(form, 'Tess Test', client.user.email);
  await form.getByLabel('Webhook URL').fill(`${hookUrl}/webhook-test/draft`);
  await page.getByRole('button', { name: 'Create process' }).click();
  const warning = page.getByRole('alert').filter({ hasText: `${name} was saved with a warning` });
  await expect(warning).toContainText('only while the workflow is open in the n8n editor');
});
