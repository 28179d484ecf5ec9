import AxeBuilder from '@axe-core/playwright';
import { notificationMessages } from '#shared/notifications.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, startWebhook, type Webhook } from './portal-helpers.ts';

// The Notifications card on Profile: a Pro client chooses what to hear about,
// saves a webhook, gets its signing secret and sends a test; other plans are told which
// plan includes notifications.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test('a Pro client turns on failure mails and a webhook, and sends a test', async ({
  page,
  request,
}) => {
  const { client } = await portalClient(request, { name: 'Nico Notify', plan: 'Pro' });
  await openSignedIn(page, client, '/settings?tab=notifications');
  const card = page.getByRole('region', { name: 'Notifications' });
  await card.getByLabel('When a run fails (manual or scheduled)').check();
  await card.getByLabel(/Notification webhook URL/).fill(webhook.url('/ok/notices'));
  await card.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByRole('status').getByText(notificationMessages.saved)).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^nsec_/);
  await card.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByRole('status').getByText(notificationMessages.testSent)).toBeVisible();

  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByLabel('When a run fails (manual or scheduled)'),
  ).toBeChecked();
  expect((await new AxeBuilder({ page }).include('#notifications').analyze()).violations).toEqual(
    [],
  );
});

test('a Basic client is told which plan includes notifications', async ({ page, request }) => {
  const { client } = await portalClient(request, { name: 'Bea Basic', plan: 'Basic' });
  await openSignedIn(page, client, '/settings?tab=notifications');
  const card = page.getByRole('region', { name: 'Notifications' });
  await expect(card.getByText(notificationMessages.notIncluded)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save notifications' })).toHaveCount(0);
});
