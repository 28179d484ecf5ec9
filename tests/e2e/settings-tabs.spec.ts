import type { Page } from '@playwright/test';
import type { AuthResponse } from '#shared/user.ts';
import { e2eN8nUrl } from '../support/e2e-n8n.ts';
import { createClientAccount, expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, processName } from './portal-helpers.ts';

// The Profile page on tabs: each short enough to read without a long scroll, the tab in
// the address so a reload, the back button and a link to a section open the right one,
// and arrow keys moving between tabs. Its Time zone field sets the one zone every time
// in the app is shown in, with that zone's name.

// The browser says it is in Chicago, so "following the browser" has a known answer.
test.use({ timezoneId: 'America/Chicago', viewport: { width: 1280, height: 800 } });
// Each test opens the portal more than once; on the shared two-core machine a first load
// alone can take most of the usual 30 s.
test.describe.configure({ timeout: 60_000 });

const tabNames = ['Account', 'Security', 'Notifications', 'Organization defaults', 'Your data'];
const tabList = (page: Page) => page.getByRole('tablist', { name: 'Profile' });
const tab = (page: Page, name: string) => tabList(page).getByRole('tab', { name, exact: true });

/** Opens the Profile signed in; its first load (the portal's chunks) gets more time. */
async function openAt(page: Page, session: AuthResponse, path: string) {
  await openSignedIn(page, session, path);
  await expect(tabList(page)).toBeVisible({ timeout: 20_000 });
}

test('each tab of the Profile fits in about two screens at 1280 px', async ({ page, request }) => {
  const client = await createClientAccount(request);
  await openAt(page, client, '/settings');
  await expect(tab(page, 'Account')).toHaveAttribute('aria-selected', 'true');
  const screen = page.viewportSize()?.height ?? 800;
  for (const name of tabNames) {
    await tab(page, name).click();
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    // Let the panel's own data arrive (lists, the defaults form) before measuring.
    await page.waitForLoadState('networkidle');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${name} is ${height} px tall`).toBeLessThanOrEqual(screen * 2.2);
  }
});

test('the chosen tab survives a reload and the back button', async ({ page, request }) => {
  const client = await createClientAccount(request);
  await openAt(page, client, '/settings');
  await tab(page, 'Security').click();
  await expect(page).toHaveURL('/settings?tab=security');
  await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
  await page.reload();
  await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Passkeys' })).toBeVisible();

  await tab(page, 'Your data').click();
  await expect(page).toHaveURL('/settings?tab=data');
  await page.goBack();
  await expect(page).toHaveURL('/settings?tab=security');
  await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');

  // Leaving the page and coming back opens the tab that was left.
  await page.getByRole('link', { name: 'Processes' }).first().click();
  await expect(page).toHaveURL(/\/client\/processes/);
  await page.goBack();
  await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');
});

test('arrow keys move between tabs, and a link to a section opens its tab', async ({
  page,
  request,
}) => {
  const client = await createClientAccount(request);
  await openAt(page, client, '/settings#api-tokens');
  await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'API tokens' })).toBeInViewport();

  await openAt(page, client, '/settings#organization-defaults');
  await expect(tab(page, 'Organization defaults')).toHaveAttribute('aria-selected', 'true');

  await tab(page, 'Organization defaults').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Your data')).toBeFocused();
  await expect(tab(page, 'Your data')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Your data' })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(tab(page, 'Account')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Your data')).toBeFocused();
  // Only the chosen tab is a tab stop; Tab goes on into its panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Your data' })).toBeFocused();
});

test('the time zone chosen on the Profile is the one every run time reads in, named', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    entitlements: { manualTrigger: true },
  });
  const name = processName('Zone report');
  const saved = await addProcess({ name, n8nWebhookUrl: `${e2eN8nUrl()}/ok/zones` });
  const ran = await request.post(`/api/n8n/trigger/${saved._id}`, {
    headers: { authorization: `Bearer ${client.token}` },
    data: {},
  });
  expect(ran.status(), await ran.text()).toBeLessThan(300);

  const runTime = async () => {
    await page.goto('/client/processes');
    await page.getByRole('listitem', { name }).getByRole('button', { name: 'Recent runs' }).click();
    const time = page
      .getByRole('dialog', { name: `Recent runs: ${name}` })
      .getByRole('listitem')
      .first()
      .locator('time')
      .first();
    await expect(time).toBeVisible();
    return {
      text: (await time.textContent()) ?? '',
      at: new Date((await time.getAttribute('datetime')) ?? ''),
    };
  };
  const inZone = (at: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(at);

  // Nothing chosen: the browser's zone, named.
  await openSignedIn(page, client, '/client');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const before = await runTime();
  expect(before.text).toBe(inZone(before.at, 'America/Chicago'));
  expect(before.text).toMatch(/ C[SD]T$/);

  await page.goto('/settings');
  const field = page.getByRole('region', { name: 'Time zone' }).getByLabel('Time zone');
  await expect(field).toHaveValue('');
  await expect(field.locator('option').first()).toHaveText(
    /Follow this browser \(America\/Chicago\)/,
  );
  await field.selectOption('Asia/Tokyo');
  await expect(page.getByRole('region', { name: 'Time zone' })).toContainText(/Now: .* GMT\+9/);
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
    'Time zone saved.',
  );

  const after = await runTime();
  expect(after.text).toBe(inZone(after.at, 'Asia/Tokyo'));
  expect(after.text).toMatch(/ GMT\+9$/);
  expect(after.text).not.toBe(before.text);

  // It is the account's, not this tab's: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('dialog')).toBeHidden();
  const reloaded = await runTime();
  expect(reloaded.text).toBe(after.text);
});
