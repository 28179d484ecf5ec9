import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './fixtures.ts';

// SPEC §2 Services and §9: a sticky side menu of 13 entries; a jump stops 80 px above
// the section; the entry of the section whose top is within 100 px of the top is current.

test.use({ viewport: { width: 1280, height: 800 } });

const topOf = (page: Page, id: string) =>
  page.evaluate(
    (target) =>
      Math.round(
        (document.getElementById(target)?.getBoundingClientRect().top ?? 0) + window.scrollY,
      ),
    id,
  );

const scrollTo = (page: Page, y: number) =>
  page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

test('the side menu has 13 entries and follows the scroll position', async ({ page }) => {
  await gotoHydrated(page, '/services');
  const menu = page.getByRole('navigation', { name: 'Services sections' });
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(13);
  const current = menu.locator('[aria-current="location"]');
  await expect(current).toHaveText('Overview');

  const payments = await topOf(page, 'payments');
  // 99 px above the line: still the section before.
  await scrollTo(page, payments - 101);
  await expect(current).toHaveText('Security & Monitoring');
  await scrollTo(page, payments - 99);
  await expect(current).toHaveText('Payments & SaaS');

  // The menu stays in view while the page scrolls.
  await expect(menu).toBeInViewport();
});

test('a menu entry scrolls smoothly to its section, 80 px below the top', async ({ page }) => {
  await gotoHydrated(page, '/services');
  const menu = page.getByRole('navigation', { name: 'Services sections' });
  await menu.getByRole('link', { name: 'Hosting & Cloud' }).click();
  const hosting = await topOf(page, 'hosting');
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(hosting - 80);
  await expect(page).toHaveURL('/services#hosting');
  await expect(menu.locator('[aria-current="location"]')).toHaveText('Hosting & Cloud');
  await expect(page.locator('#hosting')).toBeFocused();

  // Back up to the first section.
  await menu.getByRole('link', { name: 'Overview' }).click();
  const software = await topOf(page, 'software');
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(software - 80);
  await expect(menu.locator('[aria-current="location"]')).toHaveText('Overview');
});

test('the header link Software Development lands on the software section', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Services' }).click();
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Software Development/ })
    .click();
  await expect(page).toHaveURL('/services#software');
  await expect(page.locator('#software')).toBeInViewport();
});
