import { expect, gotoHydrated, test } from './fixtures.ts';

test('the Services dropdown works from the keyboard', async ({ page }) => {
  await gotoHydrated(page, '/');
  const header = page.getByRole('banner');
  const services = header.getByRole('button', { name: 'Services' });
  await expect(services).toHaveAttribute('aria-expanded', 'false');

  await services.focus();
  await page.keyboard.press('ArrowDown');
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  const software = header.getByRole('link', { name: /Software Development/ });
  await expect(software).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(header.getByRole('link', { name: /Consulting/ })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(services).toHaveAttribute('aria-expanded', 'false');
  await expect(services).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  await software.click();
  await expect(page).toHaveURL('/services#software');
  await expect(services).toHaveAttribute('aria-expanded', 'false');
});

test('a route change starts at the top of the page', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the footer shows the current year', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
});

test('an unknown address shows the not-found page inside the site layout', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Home' })).toBeVisible();
});
