import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';

// SPEC §2 Catalogue search, on the home page (anchor solutions-section) and services.

const catalogue = (page: Page, path: string) =>
  page.locator(path === '/' ? '#solutions-section' : '#solutions');

for (const path of ['/', '/services']) {
  test(`${path}: the catalogue filters, reports counts and has an empty state`, async ({
    page,
  }) => {
    await gotoHydrated(page, path);
    const section = catalogue(page, path);
    const search = section.getByLabel('Search solutions');
    const cards = section.getByRole('heading', { level: 3 });

    await expect(section.getByText('Showing 5 of 5')).toBeVisible();
    await expect(cards).toHaveText([
      'Voice Assistant Agent',
      'Email Triage Agent',
      'Knowledge Store Agent',
      'Calendar Agent',
      'Task Management Agent',
      'Need Something Custom?',
    ]);

    // Category, any case.
    await search.fill('PRODUCTIVITY');
    await expect(section.getByText('Found 2 solutions matching “PRODUCTIVITY”.')).toBeVisible();
    await expect(section.getByText('Showing 2 of 5')).toBeVisible();
    await expect(cards).toHaveText([
      'Email Triage Agent',
      'Task Management Agent',
      'Need Something Custom?',
    ]);

    // A tag.
    await search.fill('gmail');
    await expect(cards).toHaveText(['Email Triage Agent', 'Need Something Custom?']);
    // The description.
    await search.fill('voice note');
    await expect(section.getByText('Found 1 solution matching “voice note”.')).toBeVisible();
    await expect(cards).toHaveText(['Voice Assistant Agent', 'Need Something Custom?']);

    // Nothing matches: the empty state, and Clear search brings everything back.
    await search.fill('blockchain');
    await expect(section.getByText('No solutions found')).toBeVisible();
    await expect(section.getByText('Showing 0 of 5')).toBeVisible();
    await expect(cards).toHaveText(['Need Something Custom?']);
    await section.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(section.getByText('Showing 5 of 5')).toBeVisible();
    await expect(section.getByText('No solutions found')).toHaveCount(0);

    await section.getByRole('link', { name: 'Describe your workflow' }).click();
    await expect(page).toHaveURL('/contact');
  });
}

test('text typed before the page comes alive still filters the catalogue', async ({ page }) => {
  // Hold the page's JavaScript back, type into the pre-rendered field, then let it load.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/services', { waitUntil: 'domcontentloaded' });
  const section = catalogue(page, '/services');
  await section.getByLabel('Search solutions').fill('PRODUCTIVITY');
  release();
  await expect(section.getByText('Found 2 solutions matching “PRODUCTIVITY”.')).toBeVisible();
});
