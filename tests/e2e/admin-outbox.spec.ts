import AxeBuilder from '@axe-core/playwright';
import { webhookDeliveryMessages } from '#shared/outbox.ts';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';
import { portalClient, processName, startWebhook } from './portal-helpers.ts';

// The admin Outbox: every mail the platform queued, opened in full with its
// link to copy, and deleted after a confirmation; and the run notices for people's own
// webhooks, failed ones first, with send again.

test('an admin finds a mail in the outbox, reads it with its links, and deletes it', async ({
  page,
  request,
  browser,
}) => {
  // An enquiry queues a mail to the consultancy (not a one-time link, so its text stays).
  const name = `Olly Outbox ${Date.now()}`;
  const sent = await request.post('/api/contact', {
    data: {
      name,
      email: 'olly@example.test',
      interest: 'Other',
      website: 'https://olly.example.com/about',
      message: 'Please call me back.',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await openSignedIn(page, await loginAdmin(request), '/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Outbox/ }),
  ).toHaveAttribute('aria-current', 'page');
  const messages = page.getByRole('list', { name: 'Messages' });
  const row = messages.getByRole('listitem').filter({ hasText: `New enquiry from ${name}` });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^View:/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: `New enquiry from ${name}: Other` }),
  ).toBeVisible();
  await expect(dialog.getByText('Please call me back.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Link in this message' }).first()).toHaveValue(
    /^https?:\/\//,
  );
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  const context = await browser.newContext();
  const axePage = await context.newPage();
  await openSignedIn(axePage, await loginAdmin(request), '/admin/outbox');
  await expect(axePage.getByRole('list', { name: 'Messages' })).toBeVisible();
  expect((await new AxeBuilder({ page: axePage }).analyze()).violations).toEqual([]);
  await context.close();

  await row.getByRole('button', { name: /^Delete:/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete message' }).click();
  await expect(page.getByRole('status').getByText('Message deleted.')).toBeVisible();
  await expect(
    messages.getByRole('listitem').filter({ hasText: `New enquiry from ${name}` }),
  ).toHaveCount(0);
});

test('an admin sees a webhook notice that failed, and sends it again', async ({
  page,
  request,
}) => {
  // The notice's first try meets a listener answering 500; the person then removes the
  // webhook, so the retry ends it as failed: due a second after the failure on the test
  // server (RETRY_FIRST_DELAY_SECONDS), tried by the job that looks every 5 s.
  const webhook = await startWebhook();
  try {
    const { admin, client, addProcess } = await portalClient(request, {
      name: `Wendy Webhook ${Date.now()}`,
      plan: 'Pro',
      entitlements: { manualTrigger: true },
    });
    const settings = (webhookUrl: string | null) =>
      request.put('/api/settings/notifications', {
        headers: { authorization: `Bearer ${client.token}` },
        data: { emailOnFailure: false, emailOnSkip: false, dailySummary: false, webhookUrl },
      });
    expect((await settings(webhook.url('/fail/notices'))).status()).toBe(200);
    const process = await addProcess({
      name: processName('Notice sync'),
      n8nWebhookUrl: webhook.url('/fail/run'),
    });
    const run = await request.post(`/api/n8n/trigger/${process._id}`, {
      headers: { authorization: `Bearer ${client.token}` },
      data: {},
    });
    expect(run.status(), await run.text()).toBe(502);
    expect((await settings(null)).status()).toBe(200);

    const failedFor = async () => {
      const answer = await request.get('/api/admin/outbox/webhooks?status=failed&limit=100', {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const list = (await answer.json()) as { deliveries: { to: { email: string } }[] };
      return list.deliveries.filter((d) => d.to.email === client.user.email).length;
    };
    await expect.poll(failedFor, { timeout: 15_000 }).toBe(1);

    await openSignedIn(page, await loginAdmin(request), '/admin/outbox');
    await page.getByRole('tab', { name: /Webhook notices/ }).click();
    await expect(page).toHaveURL(/#webhooks$/);
    const row = page
      .getByRole('list', { name: 'Webhook notices' })
      .getByRole('listitem')
      .filter({ hasText: client.user.email });
    await expect(row).toContainText('Notice of a failed run');
    await expect(row).toContainText('Failed');
    await expect(row).toContainText(
      'Last error: The webhook was removed from the notification settings.',
    );
    await expect(row).toContainText('2 attempts');
    // Never the listener's address.
    await expect(page.getByText(webhook.url(''))).toHaveCount(0);
    expect(
      (await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze()).violations,
    ).toEqual([]);

    await row.getByRole('button', { name: /^Send again:/ }).click();
    await expect(page.getByRole('status').getByText(webhookDeliveryMessages.resent)).toBeVisible();
  } finally {
    await webhook.close();
  }
});
