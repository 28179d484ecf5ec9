import { expect, openSignedIn, test } from './fixtures.ts';
import { notice, portalClient } from './portal-helpers.ts';

// Scheduler (SPEC §2, §5 Scheduler create, §8, §9): validation, the cron read aloud
// with its next runs, create, list with UTC, delete after a confirmation; the plan gate
// and the billing notice.

test('create a schedule, see it listed with UTC and a plain reading, delete it', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, { plan: 'Basic' });
  await addProcess({ name: 'Weekly digest' });
  await openSignedIn(page, client, '/client/scheduler');

  const form = page.getByRole('form', { name: 'New schedule' });
  await expect(form.getByText('Your plan allows runs at most every 15 minutes.')).toBeVisible();
  const cron = form.getByLabel('Cron expression');
  await expect(cron).toHaveValue('0 * * * *');
  await expect(form.getByText('Every hour', { exact: true })).toBeVisible();
  await expect(form.getByText('Next runs (UTC):')).toBeVisible();
  await expect(page.getByText('No schedules yet. Create one above.')).toBeVisible();

  // Process and cron are required.
  await cron.fill('');
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(notice(page)).toContainText('Validation');
  await expect(notice(page)).toContainText('Process and cron are required.');

  // The preview reads the cron, names the problem, and follows the timezone.
  await cron.fill('0 9 * * 1-5');
  await expect(form.getByText('At 09:00 AM, Monday through Friday')).toBeVisible();
  await cron.fill('0 9 * *');
  await expect(form.getByText(/Use five fields/)).toBeVisible();
  await cron.fill('*/5 * * * *');
  await expect(
    form.getByText('Your plan allows runs at most every 15 minutes; this cron runs more often.'),
  ).toBeVisible();
  await cron.fill('30 8 * * *');
  await form.getByLabel('Timezone').fill('America/Chicago');
  await expect(form.getByText('Next runs (America/Chicago):')).toBeVisible();
  await expect(form.getByRole('listitem')).toHaveCount(3);
  await expect(form.getByRole('listitem').first()).toContainText('8:30 AM');

  await form.getByLabel('Process').selectOption({ label: 'Weekly digest' });
  await form.getByLabel('Timezone').fill('');
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(notice(page)).toContainText('Created');
  await expect(notice(page)).toContainText('Schedule created.');
  // After success the cron is hourly again and the timezone empty.
  await expect(cron).toHaveValue('0 * * * *');
  await expect(form.getByLabel('Timezone')).toHaveValue('');

  const item = page.getByRole('list', { name: 'Schedules' }).getByRole('listitem', {
    name: 'Weekly digest',
  });
  await expect(item.getByText('30 8 * * *')).toBeVisible();
  await expect(item.getByText('At 08:30 AM')).toBeVisible();
  await expect(item.getByText('UTC', { exact: true })).toBeVisible();
  await expect(item.getByRole('listitem')).toHaveCount(3);

  await item.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this schedule?' });
  await expect(confirm).toContainText('Weekly digest will no longer run at 08:30 AM (UTC).');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete schedule' }).click();
  await expect(notice(page)).toContainText('Deleted');
  await expect(notice(page)).toContainText('Schedule removed.');
  await expect(item).toHaveCount(0);
  await expect(page.getByText('No schedules yet. Create one above.')).toBeVisible();
});

test('the Trial plan cannot schedule', async ({ page, request }) => {
  const { client } = await portalClient(request, { plan: 'Trial' });
  await openSignedIn(page, client, '/client/scheduler');
  await expect(page.getByText('Scheduling is not enabled for your plan.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New schedule' })).toHaveCount(0);
  await expect(page.getByText('No schedules yet.', { exact: true })).toBeVisible();
});

test.describe('refusals', () => {
  test.use({ allowConsoleErrors: [/status of (402|400)/] });

  test('a refused create says Create failed with the start of the answer', async ({
    page,
    request,
  }) => {
    const { client, addProcess } = await portalClient(request, { plan: 'Basic' });
    await addProcess({ name: 'Refused digest' });
    await openSignedIn(page, client, '/client/scheduler');
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Process').selectOption({ label: 'Refused digest' });
    await page.route('**/api/scheduler', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'z'.repeat(250) }),
          })
        : route.fallback(),
    );
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await expect(notice(page)).toContainText('Create failed');
    await expect(notice(page)).toContainText(`Status 400: ${'z'.repeat(200)}`);
    await expect(notice(page)).not.toContainText('z'.repeat(201));
  });

  test('an inactive subscription says Please update billing and lands on Billing', async ({
    page,
    request,
  }) => {
    const { client, addProcess } = await portalClient(request, {
      plan: 'Basic',
      status: 'canceled',
    });
    await addProcess({ name: 'Unpaid digest' });
    await openSignedIn(page, client, '/client/scheduler');
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByLabel('Process').selectOption({ label: 'Unpaid digest' });
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await expect(notice(page)).toContainText('Please update billing');
    await expect(notice(page)).toContainText(
      'Your subscription is inactive. Redirecting to Billing…',
    );
    await expect(page).toHaveURL(/\/billing$/);
  });
});
