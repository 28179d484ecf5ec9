import type { Browser, Locator, Page } from '@playwright/test';
import { publicPaths } from '#shared/paths.ts';
import type { AuthResponse } from '#shared/user.ts';
import {
  createClientAccount,
  expect,
  loginAdmin,
  madeOnce,
  openSignedIn,
  test,
} from './fixtures.ts';
import { pageProblems } from './page-checks.ts';
import { type PortalClientOptions, portalClient } from './portal-helpers.ts';

// Every route at 375 px, as a paid client, an unpaid one and an admin would
// open it: no sideways scrolling and no axe violation. One test a page, so that a slow
// page shows and no test needs more than the usual time.

const phone = { viewport: { width: 375, height: 812 } };
test.use(phone);

interface Visit {
  session?: AuthResponse;
  /** Runs on the new page before it opens `path` (e.g. a route to stub). */
  prepare?: (page: Page) => Promise<unknown>;
}

async function checkOnPhone(browser: Browser, path: string, { session, prepare }: Visit = {}) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await prepare?.(page);
  if (session) await openSignedIn(page, session, path);
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const problems = await pageProblems(page, path);
  await context.close();
  expect(problems).toEqual([]);
}

test.describe('public pages', () => {
  for (const path of publicPaths) {
    test(path, async ({ browser }) => checkOnPhone(browser, path));
  }
});

/** The portal's `paths` as a client set up with `options` would open them. */
function portalWalk(title: string, options: PortalClientOptions, paths: string[]) {
  test.describe(title, () => {
    const client = madeOnce(async (request) => (await portalClient(request, options)).client);
    for (const path of paths) {
      test(path, async ({ browser }) => checkOnPhone(browser, path, { session: client() }));
    }
  });
}

portalWalk(
  'portal as a paid client',
  {
    plan: 'Pro',
    entitlements: { manualTrigger: true, analytics: true, team: true, catalog: true },
  },
  [
    '/client',
    '/client/processes',
    '/client/scheduler',
    '/client/analytics',
    '/billing',
    '/settings',
    '/settings?tab=security',
    '/settings?tab=notifications',
    '/settings?tab=organization',
    '/settings?tab=data',
    '/team',
    '/catalog',
  ],
);

portalWalk('portal as a client without a paid plan', { plan: 'Trial', status: 'no_subscription' }, [
  '/client',
  '/client/processes',
  '/client/scheduler',
  '/billing',
  '/settings',
]);

test.describe('admin area', () => {
  const accounts = madeOnce(async (request) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      // A long unbroken name: lists must cut it, not widen the page.
      createClientAccount(request, 'Walker Vanderbiltfitzgeraldmontgomeryashworthington'),
    ]);
    return { admin, clientId: client.user._id };
  });
  // Outbox's badge shows, as after a failed send: its screen-reader text once widened
  // every admin page by the navigation row's hidden length.
  const withBadge = (page: Page) =>
    page.route('**/api/admin/outbox/failed-count', (route) =>
      route.fulfill({ json: { failed: 2, failedWebhooks: 1 } }),
    );
  const visit = (browser: Browser, path: string) =>
    checkOnPhone(browser, path, { session: accounts().admin, prepare: withBadge });

  for (const path of [
    '/admin',
    '/admin/clients',
    '/admin/processes',
    '/admin/zoho',
    '/admin/analytics',
    '/admin/environment',
    '/admin/security',
    '/admin/audit-logs',
    '/admin/pricing',
    '/admin/legal',
    '/admin/enquiries',
    '/admin/outbox',
    '/admin/catalog-requests',
  ]) {
    test(path, async ({ browser }) => visit(browser, path));
  }
  for (const tab of ['account', 'billing', 'entitlements', 'integrations', 'security']) {
    test(`a client's ${tab} tab`, async ({ browser }) =>
      visit(browser, `/admin/clients/${accounts().clientId}#${tab}`));
  }
});

test('on a phone the current screen and tab are scrolled into their rows', async ({
  browser,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Rowan Scrolled'),
  ]);
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  /** The element lies inside the visible part of its scrolling row, clear of the fade. */
  const shownIn = (row: Locator, item: Locator) =>
    expect
      .poll(async () => {
        const [outer, inner] = [await row.boundingBox(), await item.boundingBox()];
        if (!outer || !inner) return false;
        return inner.x >= outer.x && inner.x + inner.width <= outer.x + outer.width - 24;
      })
      .toBe(true);

  await openSignedIn(page, admin, '/admin/catalog-requests');
  const nav = page.getByRole('navigation', { name: 'Admin' }).getByRole('list');
  await shownIn(nav, nav.getByRole('link', { name: 'Catalog requests' }));

  await page.goto(`/admin/clients/${client.user._id}#security`);
  const tabs = page.getByRole('tablist', { name: 'Client settings' });
  await expect(tabs.getByRole('tab', { name: 'Security' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await shownIn(tabs, tabs.getByRole('tab', { name: 'Security' }));
  await context.close();
});
