import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { billingToday } from '#shared/billing-dates.ts';
import { booksCsvColumns, quarterOf } from '#shared/books.ts';
import type { AuthResponse } from '#shared/user.ts';
import { firstPaint } from './admin-ops-helpers.ts';
import {
  createClientAccount,
  expect,
  loginAdmin,
  openSignedIn,
  test,
  watchConsole,
} from './fixtures.ts';
import { pageProblems } from './page-checks.ts';

// Books (admin): every invoice, credit note and payment across clients for a range of
// days in the billing zone (the server's default, Central Time), 50 rows to a page with
// Next page / Previous, an empty range said in words, and the range as CSV.

const zone = 'America/Chicago';

/** Calls `each` for 0 … count - 1, `width` calls at a time. */
async function inParallel(count: number, width: number, each: (i: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < count) await each(next++);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** A client billed 51 times for hours today, one invoice part-paid with a reference. */
async function billedClient(request: APIRequestContext, admin: AuthResponse, name: string) {
  const client = await createClientAccount(request, name);
  const headers = { authorization: `Bearer ${admin.token}` };
  const id = client.user._id;
  const rate = await request.patch(`/api/admin/clients/${id}`, {
    headers,
    data: { billingPrefs: { hourlyRateDollars: 120, defaultDueDays: 30 } },
  });
  expect(rate.status(), await rate.text()).toBe(200);
  await inParallel(51, 4, async (i) => {
    const billed = await request.post(`/api/admin/billing/${id}/invoices`, {
      headers,
      data: { hours: 1, description: `Books review ${i}` },
    });
    expect(billed.status(), await billed.text()).toBe(201);
  });
  const listed = await request.get(`/api/admin/billing/${id}/invoices`, { headers });
  const { invoices } = (await listed.json()) as { invoices: { id: string; number: string }[] };
  const paid = await request.post(`/api/admin/billing/${id}/invoices/${invoices[0]!.id}/payments`, {
    headers,
    data: {
      amountDollars: 20,
      paidOn: billingToday(zone),
      method: 'check',
      reference: '=SUM(A1:A2)',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { client, numbers: invoices.map((invoice) => invoice.number) };
}

test('pages through the books of a day and downloads them as CSV', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = await loginAdmin(request);
  const name = `Bea Books ${Date.now().toString(36)}`;
  const { numbers } = await billedClient(request, admin, name);
  const today = billingToday(zone);
  const quarter = quarterOf(today);

  // The navigation leads there; the current quarter is the range until another is chosen.
  await openSignedIn(page, admin, '/admin/clients');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Books' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible(firstPaint);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(quarter.from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(quarter.to);
  await expect(page.getByText('Dates in Central Time.', { exact: false })).toBeVisible();

  // A range backwards is said under the field, and nothing is asked.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill('2001-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The start day must be on or before the end day.')).toBeVisible();

  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Invoice' }).first()).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pages of the books' });
  await expect(pager.getByText('Rows 1–50')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(50);

  // Next page asks for the rows after the last one shown; Previous comes back.
  const next = pager.getByRole('button', { name: 'Next page' });
  const after = page.waitForRequest(
    (r) => r.url().includes('/api/admin/books?') && r.url().includes('cursor='),
  );
  await next.click();
  await after;
  await expect(pager.getByText(/^Rows 51–/)).toBeVisible();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText('Rows 1–50')).toBeVisible();

  // Our client's invoices are the day's latest: page on until they show.
  const ours = table.getByRole('row').filter({ hasText: name });
  for (let pages = 0; pages < 30 && (await ours.count()) === 0; pages++) {
    await expect(next).toBeEnabled();
    const answered = page.waitForResponse((r) => r.url().includes('cursor='));
    await next.click();
    await answered;
    await expect(pager.getByText(/loading/)).toHaveCount(0);
  }
  await expect(ours.filter({ hasText: numbers.at(-1)! }).first()).toBeVisible();

  // The CSV holds the whole day, ours included, with its plain headers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`books-${today}-to-${today}.csv`);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe(booksCsvColumns.join(','));
  for (const number of numbers) expect(text).toContain(`,${number},`);
  expect(text).toContain(",'=SUM(A1:A2)");
  expect(text).toContain(',Check,');
});

test('says when a range has nothing in it', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/books?from=2001-01-01&to=2001-01-31');
  await expect(
    page.getByText('No invoices, credit notes or payments between Jan 1, 2001 and Jan 31, 2001.'),
  ).toBeVisible(firstPaint);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
});

for (const width of [1280, 375]) {
  test(`has no axe violations and no sideways scroll at ${width} px`, async ({
    browser,
    request,
  }) => {
    const admin = await loginAdmin(request);
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const unexpected = watchConsole(page);
    const today = billingToday(zone);
    await openSignedIn(page, admin, `/admin/books?from=${today}&to=${today}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible(firstPaint);
    await expect(page.getByText(/^Loading/)).toHaveCount(0, firstPaint);
    expect(await pageProblems(page, `/admin/books at ${width} px`)).toEqual([]);
    expect(unexpected()).toEqual([]);
    await context.close();
  });
}
