import type { SavedProcess } from '#shared/processes.ts';
import { createProcess, firstPaint, startWebhook, testProcess } from './admin-ops-helpers.ts';
import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Lists that page on the server: the admin's usage rows a hundred to a screen
// with Previous / Next, and the audit log 500 entries at a time with "Load 500 older
// entries", its search answered by the server across every page.

/** Calls `each` for 0 … count - 1, `width` calls at a time. */
async function inParallel(count: number, width: number, each: (i: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < count) await each(next++);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

test('usage rows and audit entries page past the first screen', async ({ page, request }) => {
  // 101 processes, each tested once, and 400 edits are made through the API first: on a
  // busy machine that alone can take most of the default 30 s.
  test.slow();
  const webhook = await startWebhook();
  const admin = await loginAdmin(request);
  const client = await createClientAccount(request, 'Paula Pages');
  const stamp = Date.now().toString(36);
  // 101 processes that run once: 101 usage rows. Their 101 "created" and 400 "updated"
  // audit entries make 501 to page through; few processes, so that the process list the
  // other tests read (newest first, a page at a time) keeps theirs on its first page.
  const made: SavedProcess[] = [];
  const makeProcess = async (i: number) => {
    const process = await createProcess(request, admin, {
      name: `Paged ${stamp} ${i}`,
      clientUserId: client.user._id,
      n8nWebhookUrl: `${webhook.url}/ok`,
    });
    expect((await testProcess(request, admin, process._id)).status).toBe(200);
    made[i] = process;
  };
  // The first alone, so that its entry is the oldest; then the rest a few at a time.
  await makeProcess(0);
  await inParallel(100, 4, (i) => makeProcess(i + 1));
  await inParallel(400, 4, async (i) => {
    const updated = await request.patch(`/api/admin/processes/${made[i % 101]!._id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { description: `Revision ${i}` },
    });
    expect(updated.status()).toBe(200);
  });
  await webhook.close();

  await openSignedIn(page, admin, '/admin/analytics?days=7&period=day');
  const usage = page.getByRole('region', { name: 'Usage over time' });
  const pager = usage.getByRole('navigation', { name: 'Pages of usage rows' });
  await expect(pager.getByText(/^Rows 1–100$/)).toBeVisible(firstPaint);
  const table = usage.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(100);
  const firstPage = await table.locator('tbody tr').allInnerTexts();
  // The next page starts after the last row shown (the server's cursor), not at an offset.
  const nextPage = page.waitForRequest(
    (r) => r.url().includes('/api/analytics/usage') && r.url().includes('cursor='),
  );
  await pager.getByRole('button', { name: 'Next page' }).click();
  await nextPage;
  await expect(pager.getByText(/^Rows 101–\d[\d,]*$/)).toBeVisible();
  const secondPage = await table.locator('tbody tr').allInnerTexts();
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText(/^Rows 1–100$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.goto('/admin/audit-logs');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible(firstPaint);
  const searched = page.waitForRequest((r) => r.url().includes(`q=Paged+${stamp}`));
  await page.getByLabel('Search').fill(`Paged ${stamp}`);
  await searched;
  await expect(page.getByText(/^Showing 500 of 500 entries/)).toBeVisible();
  const older = page.getByRole('button', { name: 'Load 500 older entries' });
  const olderRequest = page.waitForRequest((r) => r.url().includes('before='));
  await older.click();
  expect((await olderRequest).url()).toContain(`q=Paged+${stamp}`);
  await expect(page.getByText(/^Showing 501 of 501 entries/)).toBeVisible();
  await expect(older).toHaveCount(0);
  // The oldest of them, the very first process made, is on the second page.
  await expect(page.getByText(`Process "Paged ${stamp} 0" created`)).toBeVisible();
});
