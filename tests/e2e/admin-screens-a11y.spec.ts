import AxeBuilder from '@axe-core/playwright';
import {
  createClientAccount,
  expect,
  loginAdmin,
  openSignedIn,
  test,
  watchConsole,
} from './fixtures.ts';

// Axe over the admin client and process screens and the impersonation banner. The pages
// come from browser.newContext(), as @axe-core/playwright needs (DESIGN §2).

test('admin clients, client detail, processes and the banner have no axe violations', async ({
  browser,
  request,
}) => {
  test.slow();
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Axel Audit'),
  ]);
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  const axe = async () => (await new AxeBuilder({ page }).analyze()).violations;

  await openSignedIn(page, admin, '/admin/clients');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.goto(`/admin/clients/${client.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Axel Audit' })).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.goto('/admin/processes');
  await page.getByRole('button', { name: 'New process' }).click();
  await page.getByRole('button', { name: 'Create process' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.goto(`/admin/clients/${client.user._id}`);
  await page.getByRole('button', { name: 'Test as client' }).click();
  await expect(page.getByRole('button', { name: 'Return to admin' })).toBeVisible();
  expect(await axe()).toEqual([]);

  expect(unexpected()).toEqual([]);
  await context.close();
});
