import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// The admin clients list pages with a cursor (docs/decisions/019-keyset-at-database-
// precision.md): 200 accounts to a screen, Next asks for the accounts after the last one
// shown, Previous goes back, and a new search or order starts again from the first page.

/** Calls `each` for 0 … count - 1, `width` calls at a time. */
async function inParallel(count: number, width: number, each: (i: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < count) await each(next++);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

test('an admin pages through 201 matching accounts and back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = `Pager${Date.now().toString(36)}`;
  // The first alone, so that it is the oldest and the only one on the second page; the
  // rest two at a time, so that the sign-ups leave the server time for the other tests.
  await createClientAccount(request, `${stamp} First`);
  await inParallel(200, 2, async (i) => {
    await createClientAccount(request, `${stamp} Later ${i}`);
  });
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  const searched = page.waitForRequest((r) => r.url().includes(`q=${stamp}`));
  await page.getByLabel('Search clients').fill(stamp);
  await searched;
  await expect(page.getByText('201 accounts match')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pages of accounts' });
  await expect(pager.getByText('Accounts 1–200')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
  await expect(rows).toHaveCount(200);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  const next = page.waitForRequest((r) => r.url().includes('after='));
  await pager.getByRole('button', { name: 'Next page' }).click();
  expect((await next).url()).toContain(`q=${stamp}`);
  await expect(pager.getByText('Accounts 201–201')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${stamp} First`);
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText('Accounts 1–200')).toBeVisible();
  await expect(rows).toHaveCount(200);

  // Another order is another list: it starts from its first page.
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager.getByText('Accounts 201–201')).toBeVisible();
  await page.getByLabel('Order').selectOption('name');
  await expect(pager.getByText('Accounts 1–200')).toBeVisible();
  await expect(rows.first()).toContainText(`${stamp} First`);
});
