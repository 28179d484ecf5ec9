import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, loginAdmin, openSignedIn, test, uniqueEmail, watchConsole } from './fixtures.ts';
import { mailsTo, waitForMail } from './mailbox.ts';
import { notice, portalClient, processName, startWebhook, type Webhook } from './portal-helpers.ts';

// Alerts (admin): an admin sets where alerts go (an address and a signed webhook), a
// client's process fails three times, and the admin finds one open incident on the Alerts
// screen and one alert mail about it; the settings form says what is wrong under a field.

/** The consultancy's alert webhook: answers 200 and keeps every call it gets. */
async function startAlertReceiver() {
  const calls: {
    headers: IncomingHttpHeaders;
    raw: string;
    body: { text: string; event: string };
  }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls.push({ headers: request.headers, raw: body, body: JSON.parse(body) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/alerts`,
    /** The calls whose text names `about`, for one event. */
    about: (about: string, event: string) =>
      calls.filter((call) => call.body.event === event && call.body.text.includes(about)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let webhook: Webhook;
let receiver: Awaited<ReturnType<typeof startAlertReceiver>>;
test.beforeAll(async () => {
  webhook = await startWebhook();
  receiver = await startAlertReceiver();
});
test.afterAll(async ({ request }) => {
  // Alerts go nowhere again: the browser tests after this one share the server, and
  // their failing processes should not each send an alert.
  const admin = await loginAdmin(request);
  const cleared = await request.put('/api/admin/alerts', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      emails: [],
      webhookUrl: null,
      failuresInARow: 3,
      successRateBelow: 90,
      scheduleMissed: true,
      n8nUnreachable: true,
      mailFailing: true,
    },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);
  await webhook.close();
  await receiver.close();
});

test('three failures of a process give one open incident, one alert mail and one signed webhook call', async ({
  page,
  request,
}) => {
  const { admin, client, addProcess } = await portalClient(request, {
    name: 'Alma Alerts',
    entitlements: { manualTrigger: true },
  });
  const failing = await addProcess({
    name: processName('Alert sync'),
    n8nWebhookUrl: webhook.url('/fail/alert-sync'),
  });
  const address = uniqueEmail('alerts');

  await openSignedIn(page, admin, '/admin/clients');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Alerts' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible({
    timeout: 20_000,
  });

  // A wrong address is said under its field, by the same rule the server keeps.
  const emails = page.getByLabel('E-mail addresses');
  await emails.fill(`${address}\nnot-an-address`);
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await expect(page.getByText('"not-an-address" is not a valid e-mail address.')).toBeVisible();

  await emails.fill(address);
  await page.getByLabel('Webhook URL').fill(receiver.url);
  await page.getByLabel('Failures in a row of one process').fill('3');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await expect(notice(page)).toContainText('Alert settings saved.');
  // The signing secret is shown whole this once.
  const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretBox).toHaveValue(/^asec_/);
  const secret = await secretBox.inputValue();

  await page.getByRole('button', { name: 'Send test alert' }).click();
  await expect(notice(page)).toContainText(
    'Test alert mailed to 1 address. Also posted to the webhook, which answered 200.',
  );

  for (let i = 0; i < 3; i++) {
    const ran = await request.post(`/api/n8n/trigger/${failing._id}`, {
      headers: { authorization: `Bearer ${client.token}` },
      data: {},
    });
    expect(ran.status(), await ran.text()).toBe(502);
  }

  // The job checks every 2 s on the browser tests' server; the list is read again on reload.
  const incidents = page.getByRole('list', { name: 'Incidents' }).getByRole('listitem');
  const ours = incidents.filter({ hasText: failing.name });
  await expect(async () => {
    await page.reload();
    await expect(ours).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 25_000 });
  await expect(ours).toContainText('Open');
  await expect(ours).toContainText('Process failing');
  await expect(ours).toContainText('failed 3 times in a row');
  await expect(ours).toContainText('Acme Test Co');
  await expect(ours).toContainText('The workflow answered 500: workflow exploded');

  const mail = await waitForMail(address, new RegExp(failing.name));
  expect(mail.text).toContain('Failures in a row: 3');
  expect(mail.text).toContain(`/admin/runs?processId=${failing._id}&outcome=failed`);

  // The same alert went to the webhook, signed as client notifications are.
  await expect.poll(() => receiver.about(failing.name, 'alert.opened').length).toBe(1);
  const [call] = receiver.about(failing.name, 'alert.opened');
  const signed = `${call?.headers['x-portal-timestamp']}.${call?.raw}`;
  expect(call?.headers['x-portal-signature']).toBe(
    `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`,
  );
  expect(call?.body.text).toContain('Acme Test Co');

  // Passes after it add nothing: still one incident, one webhook call, one alert mail.
  await page.waitForTimeout(4_500);
  await page.reload();
  await expect(ours).toHaveCount(1);
  expect(receiver.about(failing.name, 'alert.opened')).toHaveLength(1);
  // Read from the mail catcher: the Outbox's first page may be full of other tests' mail.
  expect(mailsTo(address, new RegExp(failing.name))).toHaveLength(1);
});

test('the Alerts screen has no axe violations and no sideways scroll', async ({
  browser,
  request,
}) => {
  const admin = await loginAdmin(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await openSignedIn(page, admin, '/admin/alerts');
    await expect(page.getByRole('button', { name: 'Save alerts' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByText('All', { exact: true }).click();
    await expect(page.getByText('Loading incidents…')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(sideways, `sideways scroll at ${width} px`).toBe(false);
  }
  expect(unexpected()).toEqual([]);
  await context.close();
});
