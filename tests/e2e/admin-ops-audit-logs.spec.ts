import { readFile } from 'node:fs/promises';
import type { AuditEntry } from '#shared/audit.ts';
import {
  adminGet,
  clientWithRuns,
  firstPaint,
  LONG_FAILURE,
  startWebhook,
  type Webhook,
} from './admin-ops-helpers.ts';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin audit logs (SPEC §2, §7, §9): level and source filtered on the server, the
// full-text filter on the page, long details cut at 300 characters with Show more /
// Show less, and Export CSV of exactly the rows shown.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

test('filters on the server and the page, shows long details on demand, exports CSV', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  const { failing, working } = await clientWithRuns(request, admin, webhook, 'Audra Trail');
  const failure = `Run of "${failing.name}" failed: status 500`;

  await openSignedIn(page, admin, '/admin/audit-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible(firstPaint);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: failure })).toBeVisible();

  // Level goes to the server (limit 500) and only errors come back.
  const errorsOnly = page.waitForRequest(
    (r) => r.url().includes('/api/admin/audit-logs?') && r.url().includes('level=error'),
  );
  await page.getByLabel('Level').selectOption('error');
  expect((await errorsOnly).url()).toContain('limit=500');
  await expect(page).toHaveURL(/level=error/);
  await expect(
    table.getByRole('row').filter({ hasText: `Process "${working.name}" created` }),
  ).toHaveCount(0);
  const serverErrors = await adminGet<AuditEntry[]>(
    request,
    admin,
    '/api/admin/audit-logs?limit=500&level=error&source=',
  );
  await expect(page.getByText(/^Showing \d+ of \d+ entr/)).toBeVisible();
  const levels = await table.getByRole('row').locator('td:nth-child(2)').allInnerTexts();
  expect(levels.length).toBeGreaterThan(0);
  expect(new Set(levels)).toEqual(new Set(['Error']));
  expect(serverErrors.every((e) => e.level === 'error')).toBe(true);

  // Source too.
  const runsOnly = page.waitForRequest((r) => r.url().includes('source=runs'));
  await page.getByLabel('Source').selectOption('runs');
  await runsOnly;
  const sources = await table.getByRole('row').locator('td:nth-child(3)').allInnerTexts();
  expect(new Set(sources)).toEqual(new Set(['runs']));

  // The search box filters the fetched rows on the page.
  const fetched = (
    await adminGet<AuditEntry[]>(
      request,
      admin,
      '/api/admin/audit-logs?limit=500&level=error&source=runs',
    )
  ).length;
  await page.getByLabel('Search').fill(failing.name.toUpperCase());
  await expect(page.getByText(/^Showing 1 of \d+ entr/)).toBeVisible();
  // Once the server has answered the words, the line says the whole log was searched.
  await expect(page.getByText(/^Showing 1 of 1 entry\. Searched every entry\.$/)).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: failure });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(4)).toHaveText('Audra Trail');
  await expect(row.getByRole('cell').nth(5)).toHaveText(failing.name);
  expect(fetched).toBeGreaterThanOrEqual(1);

  // The details run past 300 characters: cut, then whole, then cut again.
  const details = row.getByRole('cell').nth(6);
  await expect(details).toContainText('snippet: Workflow exploded.');
  await expect(details).not.toContainText('durationMs');
  await expect(details).not.toContainText(LONG_FAILURE.slice(0, 300));
  const more = details.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(details).toContainText('durationMs');
  // The server keeps the first 300 characters of a run's answer.
  await expect(details).toContainText(LONG_FAILURE.slice(0, 300));
  const less = details.getByRole('button', { name: 'Show less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  await less.click();
  await expect(details).not.toContainText('durationMs');

  // Export CSV: exactly the filtered row, under a dated name.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe(
    '"Time","Level","Source","Message","User","User ID","Process","Process ID","IP","Details"',
  );
  expect(lines[1]).toContain(
    `"error","runs","Run of ""${failing.name}"" failed: status 500","Audra Trail"`,
  );
  expect(lines[1]).toContain(`""snippet"":""${LONG_FAILURE.slice(0, 300)}""`);

  // Nothing matches: an empty state, and nothing to export.
  await page.getByLabel('Search').fill('no-such-entry-anywhere');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  await expect(page.getByText(/^Showing 0 of \d+ entr/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
});
