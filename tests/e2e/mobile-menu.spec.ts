import { createClientAccount, expect, gotoHydrated, openSignedIn, test } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

test('the mobile menu lists the signed-in items and closes when a link is tapped', async ({
  page,
  request,
}) => {
  const client = await createClientAccount(request, 'Morgan Mobile');
  await openSignedIn(page, client, '/client');

  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Home', 'Projects', 'About', 'Contact']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Services, as the desktop bar names it, with its two pages under it.
  const services = menu.getByRole('list', { name: 'Services' });
  for (const name of ['Software Development', 'Consulting']) {
    await expect(services.getByRole('link', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Client Portal', 'Team', 'Catalog', 'Profile']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByText('Morgan Mobile')).toBeVisible();

  await menu.getByRole('link', { name: 'Team', exact: true }).tap();
  await expect(page).toHaveURL('/team');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Escape closes it too and gives focus back to the toggle.
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('signed out, the mobile menu offers Login and Sign Up but no portal items', async ({
  page,
}) => {
  // The home page is pre-rendered: the toggle opens only once React has hydrated it.
  await gotoHydrated(page, '/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/about');
  await expect(menu).toBeHidden();
});
