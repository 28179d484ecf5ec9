import AxeBuilder from '@axe-core/playwright';
import { clientWithRuns, firstPaint, startWebhook } from './admin-ops-helpers.ts';
import { expect, loginAdmin, openSignedIn, test, watchConsole } from './fixtures.ts';

// Axe over the admin operations screens with data on them, and no sideways page scroll
// on a 375 px phone. Pages come from browser.newContext(), as @axe-core/playwright needs.

const screens = [
  { path: '/admin/analytics', ready: 'Top processes' },
  { path: '/admin/environment', ready: 'Database' },
  { path: '/admin/security', ready: 'Current access' },
  { path: '/admin/audit-logs', ready: null },
];

for (const width of [1280, 375]) {
  test(`analytics, environment, security and audit logs have no axe violations at ${width} px`, async ({
    browser,
    request,
  }) => {
    // Axe over four screens full of rows is slow on a busy two-core machine.
    test.slow();
    const webhook = await startWebhook();
    const admin = await loginAdmin(request);
    await clientWithRuns(request, admin, webhook, 'Axel Opsworth');
    await webhook.close();

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const unexpected = watchConsole(page);
    for (const screen of screens) {
      if (screen === screens[0]) await openSignedIn(page, admin, screen.path);
      else await page.goto(screen.path);
      if (screen.ready) {
        await expect(page.getByRole('region', { name: screen.ready })).toBeVisible(firstPaint);
      } else {
        await expect(page.getByText(/^Showing \d+ of \d+ entr/)).toBeVisible(firstPaint);
      }
      await expect(page.getByText(/^Loading/)).toHaveCount(0, firstPaint);
      if (screen.path === '/admin/environment') {
        await page.getByText('Database answers a query').click();
      }
      const violations = (await new AxeBuilder({ page }).analyze()).violations;
      expect(violations, `${screen.path} at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${screen.path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
    expect(unexpected()).toEqual([]);
    await context.close();
  });
}
