import AxeBuilder from '@axe-core/playwright';
import { expect, gotoHydrated, test, watchConsole } from './fixtures.ts';

// @axe-core/playwright needs a page from browser.newContext() (DESIGN §2).

for (const path of ['/login', '/register']) {
  test(`${path} has no axe violations`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const unexpected = watchConsole(page);
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const before = await new AxeBuilder({ page }).analyze();
    expect(before.violations).toEqual([]);

    // The form with its error messages showing must pass too.
    await page.getByRole('button', { name: /^(Sign in|Create account)$/ }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    const after = await new AxeBuilder({ page }).analyze();
    expect(after.violations).toEqual([]);

    expect(unexpected()).toEqual([]);
    await context.close();
  });
}
