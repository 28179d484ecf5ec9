import type { Browser, Page } from '@playwright/test';
import {
  createClientAccount,
  expect,
  loginAdmin,
  madeOnce,
  openSignedIn,
  test,
  watchConsole,
} from './fixtures.ts';
import { pageProblems } from './page-checks.ts';

// Axe over the admin client and process screens and the impersonation banner, one test a
// screen: the lists hold every client and process the run has made, so the checks of
// page-checks.ts trim them to their first rows. The pages come from browser.newContext(),
// as @axe-core/playwright needs (DESIGN §2).

const accounts = madeOnce(async (request) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Axel Audit'),
  ]);
  return { admin, clientId: client.user._id };
});

/** Opens `path` as the admin, lets `ready` bring the screen to its state, then runs axe. */
async function axeOn(browser: Browser, path: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  await openSignedIn(page, accounts().admin, path);
  await ready(page);
  // Rows past the 25th go first (page-checks.ts): by now the lists hold every account and
  // process the run has made, and axe over all of them ran out of time under load.
  expect(await pageProblems(page, path)).toEqual([]);
  expect(unexpected()).toEqual([]);
  await context.close();
}

test('the client list has no axe violations', async ({ browser }) => {
  await axeOn(browser, '/admin/clients', async (page) => {
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
});

test('a client’s detail has no axe violations', async ({ browser }) => {
  await axeOn(browser, `/admin/clients/${accounts().clientId}`, async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Axel Audit' })).toBeVisible();
  });
});

test('the process list with the new-process form in error has no axe violations', async ({
  browser,
}) => {
  await axeOn(browser, '/admin/processes', async (page) => {
    await page.getByRole('button', { name: 'New process' }).click();
    await page.getByRole('button', { name: 'Create process' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  });
});

test('the banner while testing as a client has no axe violations', async ({ browser }) => {
  await axeOn(browser, `/admin/clients/${accounts().clientId}`, async (page) => {
    await page.getByRole('button', { name: 'Test as client' }).click();
    await expect(page.getByRole('button', { name: 'Return to admin' })).toBeVisible();
  });
});
