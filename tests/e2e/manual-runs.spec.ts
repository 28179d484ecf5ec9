import { manualRunMessages } from '#shared/manual-runs.ts';
import { manualRunGateTexts } from '#shared/run-policy.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';
import {
  notice,
  portalClient,
  processName,
  startWebhook,
  type Webhook,
  webhookAnswers,
} from './portal-helpers.ts';

// A client who pays and still cannot run anything by hand: they ask in place, the admin
// turns manual runs on from Today with one click, the client is mailed and Run works. A
// trial client reads why before any click; an approved catalog workflow leads to its
// process; a failed run says what failed in plain words, with the next step.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

// A failing webhook makes the trigger answer 502, which the browser logs.
test.use({ allowConsoleErrors: [/status of 502/] });

test('a paying client asks, the admin turns manual runs on, and Run works', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const { admin, client, addProcess } = await portalClient(request, {
    name: `Parker Paying ${stamp}`,
    plan: 'Pro',
    entitlements: {},
  });
  const name = processName('Lead intake');
  await addProcess({ name, n8nWebhookUrl: webhook.url(`/ok/ask-${stamp}`) });

  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  await expect(item.getByText('Not allowed')).toBeVisible();
  await expect(page.getByText(/switched on for your account by/)).toBeVisible();
  // No more sending a paying client to the sales form.
  await expect(page.getByRole('link', { name: /Ask us to switch on/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ask for manual runs' }).click();
  await expect(notice(page)).toContainText(manualRunMessages.requested);
  await expect(page.getByText(/^Requested on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask for manual runs' })).toHaveCount(0);
  // Still asked after a reload: the state comes from the server.
  await page.reload();
  await expect(page.getByText(/^Requested on /)).toBeVisible();

  // The admin finds the request on Today and turns manual runs on with one click.
  await openSignedIn(page, admin, '/admin');
  const section = page.getByRole('region', { name: /Manual runs asked for/ });
  const row = section.getByRole('listitem').filter({ hasText: `Parker Paying ${stamp}` });
  await row.getByRole('button', { name: /Turn on manual runs/ }).click();
  await expect(notice(page)).toContainText(manualRunMessages.granted);
  await expect(section.getByText(`Parker Paying ${stamp}`)).toHaveCount(0);

  const mail = await waitForMail(client.user.email, /Manual runs are on/);
  expect(mail.text).toContain('/client/processes');

  await openSignedIn(page, client, '/client/processes');
  await expect(page.getByText(/switched on for your account by/)).toHaveCount(0);
  await item.getByRole('button', { name: 'Run workflow' }).click();
  await expect(notice(page)).toContainText(`Status 200: ${webhookAnswers.ok}`);
});

test('a trial client reads why Run is not there, and where to choose a plan', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    plan: 'Trial',
    status: 'no_subscription',
    entitlements: { manualTrigger: true },
  });
  const name = processName('Trial sync');
  await addProcess({ name, n8nWebhookUrl: webhook.url('/ok/trial') });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  await expect(page.getByText(manualRunGateTexts.trial)).toBeVisible();
  await expect(item.getByText('Not allowed')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Run workflow' })).toHaveCount(0);
  await expect(page.getByText('Your subscription is inactive', { exact: false })).toHaveCount(0);
  await page.getByRole('link', { name: manualRunGateTexts.trialAction }).click();
  await expect(page).toHaveURL(/\/billing$/);

  // The server refuses the same run, as it always did.
  const [process] = await (
    await request.get('/api/n8n/my-processes', {
      headers: { authorization: `Bearer ${client.token}` },
    })
  ).json();
  const refused = await request.post(`/api/n8n/trigger/${process._id}`, {
    headers: { authorization: `Bearer ${client.token}` },
    data: {},
  });
  expect(refused.status()).toBe(402);
});

test('an approved catalog workflow links to its process', async ({ page, request }) => {
  const { admin, client } = await portalClient(request, { plan: 'Basic' });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const templates = await (
    await request.get('/api/catalog/templates', { headers: auth(client.token) })
  ).json();
  const template = templates[0] as { _id: string; name: string };
  const asked = await request.post(`/api/catalog/request-access/${template._id}`, {
    headers: auth(client.token),
  });
  expect(asked.status()).toBe(201);
  const approved = await request.post(
    `/api/admin/catalog-requests/${(await asked.json()).request._id}/approve`,
    {
      headers: auth(admin.token),
      data: { createProcess: true, n8nWebhookUrl: webhook.url('/ok/catalog') },
    },
  );
  expect(approved.status(), await approved.text()).toBe(200);

  await openSignedIn(page, client, '/catalog');
  const card = page.getByRole('article', { name: template.name });
  await expect(card.getByText('Request status: Approved')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Access granted' })).toHaveCount(0);
  await card.getByRole('link', { name: 'Open the process' }).click();
  await expect(page).toHaveURL(/\/client\/processes#process-/);
  await expect(page.getByRole('listitem', { name: template.name })).toBeInViewport();
});

test('a failed run says what failed in plain words, with the next step', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    plan: 'Pro',
    entitlements: { manualTrigger: true },
  });
  const name = processName('Invoice sync');
  await addProcess({ name, n8nWebhookUrl: webhook.url('/fail/invoices') });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  await item.getByRole('button', { name: 'Run workflow' }).click();
  // Run's notice keeps the specification's words: Error, "Status {code}: " and the answer.
  await expect(notice(page)).toContainText('Error');
  await expect(notice(page)).toContainText(`Status 502: The workflow answered 500`);

  await item.getByRole('button', { name: 'Recent runs' }).click();
  const dialog = page.getByRole('dialog', { name: `Recent runs: ${name}` });
  const entry = dialog.getByRole('list', { name: 'Runs' }).getByRole('listitem').first();
  await expect(entry.getByText('The workflow ran into an error and did not finish.')).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Run again' })).toBeVisible();
  // The status and the workflow's answer are one click away.
  const status = entry.getByText(`Status 500: ${webhookAnswers.fail}`);
  await expect(status).toBeHidden();
  await entry.getByText('Details', { exact: true }).click();
  await expect(status).toBeVisible();
  const runId = (await entry.getAttribute('id'))?.replace(/^run-/, '');
  expect(runId).toBeTruthy();

  await entry.getByRole('link', { name: 'contact us' }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?run=${runId}`));
  await expect(page.getByRole('textbox', { name: 'Project details' })).toHaveValue(
    new RegExp(`run id ${runId}`),
  );
});
