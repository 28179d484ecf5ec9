import { expect, openSignedIn, test } from './fixtures.ts';
import { notice, portalClient } from './portal-helpers.ts';

// Scheduler (SPEC §2, §5 Scheduler create, §8, §9): validation, the cron in words
// with its next runs, create, list with UTC, delete after a confirmation; the plan gate
// and the billing notice.

test.describe('in Chicago', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('create from a preset or a custom cron, see it listed, pause, resume, edit, delete', async ({
    page,
    request,
  }) => {
    const { client, addProcess } = await portalClient(request, { plan: 'Basic' });
    await addProcess({ name: 'Weekly digest' });
    await addProcess({ name: 'Daily report' });
    await openSignedIn(page, client, '/client/scheduler');

    const form = page.getByRole('form', { name: 'New schedule' });
    await expect(form.getByText('Your plan allows runs at most every 15 minutes.')).toBeVisible();
    // Every hour by default, in the browser's own zone.
    const repeats = form.getByLabel('Repeats');
    const preview = form.getByRole('status', { name: 'When it runs' });
    await expect(repeats).toHaveValue('hourly');
    await expect(form.getByLabel('Timezone')).toHaveValue('America/Chicago');
    await expect(preview.getByText('Every hour', { exact: true })).toBeVisible();
    await expect(form.getByText('Next runs (America/Chicago):')).toBeVisible();
    await expect(form.getByLabel('Cron expression')).toHaveCount(0);
    await expect(page.getByText('No schedules yet. Create one above.')).toBeVisible();

    // Presets write the cron and read it back in words.
    await repeats.selectOption({ label: 'Weekdays (Monday to Friday)' });
    await expect(preview.getByText('Every weekday at 9:00 AM')).toBeVisible();
    await repeats.selectOption({ label: 'Every week' });
    await form.getByLabel('On', { exact: true }).selectOption({ label: 'Wednesday' });
    await form.getByLabel('At', { exact: true }).fill('07:15');
    await expect(preview.getByText('Every Wednesday at 7:15 AM')).toBeVisible();

    // The cron as the advanced option, starting from what the preset wrote.
    await repeats.selectOption({ label: 'Custom (cron expression)' });
    const cron = form.getByLabel('Cron expression');
    await expect(cron).toHaveValue('15 7 * * 3');
    // Process and cron are required.
    await cron.fill('');
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await expect(notice(page)).toContainText('Validation');
    await expect(notice(page)).toContainText('Process and cron are required.');
    await cron.fill('0 9 * *');
    await expect(form.getByText(/Use five fields/)).toBeVisible();
    await cron.fill('*/5 * * * *');
    await expect(
      form.getByText('Your plan allows runs at most every 15 minutes; this cron runs more often.'),
    ).toBeVisible();
    // A cron a preset writes stays in the advanced field once custom is chosen.
    await cron.fill('30 8 * * *');
    await expect(repeats).toHaveValue('custom');
    await expect(form.getByRole('listitem')).toHaveCount(3);
    await expect(form.getByRole('listitem').first()).toContainText('8:30 AM');

    await form.getByLabel('Process').selectOption({ label: 'Weekly digest' });
    await form.getByLabel('Timezone').fill('');
    await expect(form.getByText('Next runs (UTC):')).toBeVisible();
    await form.getByRole('button', { name: 'Create schedule' }).click();
    await expect(notice(page)).toContainText('Created');
    await expect(notice(page)).toContainText('Schedule created.');
    // After success the form starts again: every hour, no zone, no process.
    await expect(repeats).toHaveValue('hourly');
    await expect(preview.getByText('Every hour', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Timezone')).toHaveValue('');
    await expect(form.getByLabel('Process')).toHaveValue('');

    const item = page.getByRole('list', { name: 'Schedules' }).getByRole('listitem', {
      name: 'Weekly digest',
    });
    // In words; the cron itself one click away.
    await expect(item.getByText('Every day at 8:30 AM')).toBeVisible();
    await expect(item.getByText('30 8 * * *')).toBeHidden();
    await item.getByText('Cron expression').click();
    await expect(item.getByText('30 8 * * *')).toBeVisible();
    await expect(item.getByText('UTC', { exact: true })).toBeVisible();
    await expect(item.getByRole('listitem')).toHaveCount(3);

    // Paused: no next runs until resumed.
    await item.getByRole('button', { name: 'Pause' }).click();
    await expect(notice(page)).toContainText('Weekly digest will not run until you resume it.');
    await expect(item.getByText('Paused', { exact: true })).toBeVisible();
    await expect(item.getByText('None while paused')).toBeVisible();
    await item.getByRole('button', { name: 'Resume' }).click();
    await expect(notice(page)).toContainText('Weekly digest runs again on its schedule.');
    await expect(item.getByText('Paused', { exact: true })).toHaveCount(0);
    await expect(item.getByRole('listitem')).toHaveCount(3);

    // Edited in a dialog with the same fields: here, every Monday at 10:00 in Chicago.
    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit schedule' });
    await expect(edit.getByLabel('Repeats')).toHaveValue('daily');
    await expect(edit.getByLabel('At', { exact: true })).toHaveValue('08:30');
    await edit.getByLabel('Repeats').selectOption({ label: 'Every week' });
    await edit.getByLabel('On', { exact: true }).selectOption({ label: 'Monday' });
    await edit.getByLabel('At', { exact: true }).fill('10:00');
    await edit.getByLabel('Timezone').fill('America/Chicago');
    await edit.getByRole('button', { name: 'Save schedule' }).click();
    await expect(notice(page)).toContainText('Schedule updated.');
    await expect(edit).toBeHidden();
    await expect(item.getByText('Every Monday at 10:00 AM')).toBeVisible();
    await expect(item.getByText('0 10 * * 1')).toBeAttached();
    await expect(item.getByText('America/Chicago', { exact: true })).toBeVisible();

    await item.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this schedule?' });
    await expect(confirm).toContainText(
      'Weekly digest will no longer run every Monday at 10:00 AM (America/Chicago).',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete schedule' }).click();
    await expect(notice(page)).toContainText('Deleted');
    await expect(notice(page)).toContainText('Schedule removed.');
    await expect(item).toHaveCount(0);
    await expect(page.getByText('No schedules yet. Create one above.')).toBeVisible();
  });
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
