import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { publicPaths } from '#shared/paths.ts';
import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';
import { portalClient } from './portal-helpers.ts';

// Every route at 375 px (issue 19), as a paid client, an unpaid one and an admin would
// open it: no sideways scrolling and no axe violation. Pages come from
// browser.newContext(), as @axe-core/playwright needs (DESIGN §2).

test.use({ viewport: { width: 375, height: 812 } });

async function walk(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) problems.push(`${path} scrolls ${overflow} px sideways`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations)
      problems.push(`${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }
  expect(problems).toEqual([]);
}

test('public pages', async ({ browser }) => {
  // Each page is opened and checked by axe in turn: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await walk(page, [...publicPaths]);
  await context.close();
});

test('portal as a paid client', async ({ browser, request }) => {
  // Each page is opened and checked by axe in turn: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const { client } = await portalClient(request, {
    plan: 'Pro',
    entitlements: { manualTrigger: true, analytics: true, team: true, catalog: true },
  });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await openSignedIn(page, client, '/client');
  await walk(page, [
    '/client',
    '/client/processes',
    '/client/scheduler',
    '/client/analytics',
    '/billing',
    '/settings',
    '/team',
    '/catalog',
  ]);
  await context.close();
});

test('portal as a client without a paid plan', async ({ browser, request }) => {
  // Each page is opened and checked by axe in turn: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const { client } = await portalClient(request, { plan: 'Trial', status: 'no_subscription' });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await openSignedIn(page, client, '/client');
  await walk(page, ['/client', '/client/processes', '/client/scheduler', '/billing', '/settings']);
  await context.close();
});

test('admin area', async ({ browser, request }) => {
  // Each page is opened and checked by axe in turn: minutes on a busy two-core machine.
  test.setTimeout(360_000); // five client tabs among the routes
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    // A long unbroken name: lists must cut it, not widen the page.
    createClientAccount(request, 'Walker Vanderbiltfitzgeraldmontgomeryashworthington'),
  ]);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  // Outbox's badge shows, as after a failed send: its screen-reader text once widened
  // every admin page by the navigation row's hidden length.
  await page.route('**/api/admin/outbox/failed-count', (route) =>
    route.fulfill({ json: { failed: 2, failedWebhooks: 1 } }),
  );
  await openSignedIn(page, admin, '/admin');
  await walk(page, [
    '/admin',
    '/admin/clients',
    ...['account', 'billing', 'entitlements', 'integrations', 'security'].map(
      (tab) => `/admin/clients/${client.user._id}#${tab}`,
    ),
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
  ]);
  await context.close();
});

test('on a phone the current screen and tab are scrolled into their rows', async ({
  browser,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Rowan Scrolled'),
  ]);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
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
