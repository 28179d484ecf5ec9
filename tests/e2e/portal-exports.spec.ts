import { readFile } from 'node:fs/promises';
import { exportMessages } from '#shared/exports.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, startWebhook, type Webhook } from './portal-helpers.ts';

// CSV export: a Pro client downloads their runs; a plan without export says
// which plan has it instead of offering a button that fails.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test("a Pro client exports all runs and one process's runs as CSV", async ({ page, request }) => {
  const { client, addProcess } = await portalClient(request, {
    name: 'Erin Export',
    plan: 'Pro',
    entitlements: { manualTrigger: true },
  });
  await addProcess({ name: 'Lead intake', n8nWebhookUrl: webhook.url('/ok/leads') });
  await openSignedIn(page, client, '/client/processes');
  const leads = page.getByRole('listitem', { name: 'Lead intake' });
  await leads.getByRole('button', { name: 'Run workflow' }).click();
  await expect(leads.getByText(/^Ran successfully in /)).toBeVisible();

  await page.getByRole('button', { name: 'Export all runs (CSV)' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export all runs (CSV)' });
  await expect(exportDialog.getByText('everything your plan keeps (30 days)')).toBeVisible();
  // Days in the wrong order are caught before asking the server.
  await exportDialog.getByLabel(/^From/).fill('2026-11-20');
  await exportDialog.getByLabel(/^To/).fill('2026-11-10');
  await exportDialog.getByRole('button', { name: 'Download CSV' }).click();
  await expect(
    exportDialog.getByText('The start day must not be after the end day.'),
  ).toBeVisible();
  await exportDialog.getByLabel(/^From/).fill('');
  await exportDialog.getByLabel(/^To/).fill('');
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(all.suggestedFilename()).toMatch(/^runs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await all.path(), 'utf8');
  expect(text.startsWith('\uFEFFStarted (UTC),Process,Trigger')).toBe(true);
  expect(text).toMatch(
    /\r\n\d{4}-\d{2}-\d{2}T[\d:.]+Z,Lead intake,manual,Erin Export,succeeded,200,/,
  );

  await leads.getByRole('button', { name: 'Recent runs' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recent runs: Lead intake' });
  await dialog.getByRole('button', { name: 'Export these runs (CSV)' }).click();
  const [one] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('dialog', { name: 'Export these runs (CSV)' })
      .getByRole('button', { name: 'Download CSV' })
      .click(),
  ]);
  expect(one.suggestedFilename()).toMatch(/\.csv$/);

  // A failure notice's link opens this process's run history directly.
  await page.goto('/client/processes');
  // Each process's card is its anchor, #process-<id>.
  const anchor = await leads.getAttribute('id');
  await page.goto(`/client/processes?runs=${anchor?.replace(/^process-/, '')}`);
  await expect(page.getByRole('dialog', { name: 'Recent runs: Lead intake' })).toBeVisible();
});

test('a Basic client is told which plan includes CSV export', async ({ page, request }) => {
  const { client } = await portalClient(request, { name: 'Bo Basic', plan: 'Basic' });
  await openSignedIn(page, client, '/client/processes');
  await expect(page.getByText(exportMessages.notIncluded)).toBeVisible();
  await expect(page.getByRole('button', { name: /Export/ })).toHaveCount(0);
});
