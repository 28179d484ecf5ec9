import { clientWithRuns, firstPaint, startWebhook } from './admin-ops-helpers.ts';
import { expect, loginAdmin, madeOnce, openSignedIn, test, watchConsole } from './fixtures.ts';
import { pageProblems } from './page-checks.ts';

// Axe over the admin operations screens with data on them, and no sideways page scroll
// on a 375 px phone. One test a screen and width.

const screens = [
  { path: '/admin/analytics', ready: 'Top processes' },
  { path: '/admin/environment', ready: 'Database' },
  { path: '/admin/security', ready: 'Current access' },
  { path: '/admin/audit-logs', ready: null },
];

const admin = madeOnce(async (request) => {
  const webhook = await startWebhook();
  const signedIn = await loginAdmin(request);
  await clientWithRuns(request, signedIn, webhook, 'Axel Opsworth');
  await webhook.close();
  return signedIn;
});

for (const width of [1280, 375]) {
  for (const screen of screens) {
    test(`${screen.path} has no axe violations at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const unexpected = watchConsole(page);
      await openSignedIn(page, admin(), screen.path);
      if (screen.ready) {
        await expect(page.getByRole('region', { name: screen.ready })).toBeVisible(firstPaint);
      } else {
        await expect(page.getByText(/^Showing \d+ of \d+ entr/)).toBeVisible(firstPaint);
      }
      await expect(page.getByText(/^Loading/)).toHaveCount(0, firstPaint);
      if (screen.path === '/admin/environment') {
        await page.getByText('Database answers a query').click();
      }
      expect(await pageProblems(page, `${screen.path} at ${width} px`)).toEqual([]);
      expect(unexpected()).toEqual([]);
      await context.close();
    });
  }
}
