import { authMessages } from '#shared/auth.ts';
import {
  adminAccount,
  createClientAccount,
  expect,
  gotoHydrated,
  openSignedIn,
  strongPassword,
  test,
  uniqueEmail,
} from './fixtures.ts';

test('a new client registers and lands in the portal with their name in the header', async ({
  page,
}) => {
  await gotoHydrated(page, '/register');
  await page.getByLabel('Full name').fill('Riley Register');
  await page.getByLabel('Email').fill(uniqueEmail('register'));
  await page.getByLabel('Company name').fill('Riley Co');
  await page.getByLabel(/^Password/).fill(strongPassword);
  await page.getByLabel(/^Confirm password/).fill(strongPassword);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/client');
  await expect(page.getByRole('heading', { level: 1, name: 'Client Portal' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Riley Register')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Client Portal' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  // No help desk configured (HELPDESK_URL): Need Help leads to the contact page.
  await page.getByRole('link', { name: 'Open Support Portal' }).click();
  await expect(page).toHaveURL('/contact');
});

test('logout clears the session and returns home; login brings it back', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request, 'Logan Login');
  await openSignedIn(page, account, '/client');
  const header = page.getByRole('banner');
  await expect(header.getByText('Logan Login')).toBeVisible();

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await header.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(account.user.email);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/client');
  await expect(header.getByText('Logan Login')).toBeVisible();
});

test.describe('a wrong password', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('shows the server message and stays on the login page', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('Wrong-Passw0rd');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(authMessages.badCredentials);
    await expect(page).toHaveURL('/login');
  });
});

test.describe('registering with an email that is taken', () => {
  test.use({ allowConsoleErrors: [/status of 409/] });

  test('shows the server message under the email field', async ({ page }) => {
    await gotoHydrated(page, '/register');
    await page.getByLabel('Full name').fill('Dana Duplicate');
    await page.getByLabel('Email').fill(adminAccount.email);
    await page.getByLabel(/^Password/).fill(strongPassword);
    await page.getByLabel(/^Confirm password/).fill(strongPassword);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    const email = page.getByLabel('Email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(authMessages.emailTaken);
    await expect(email).toBeFocused();
    // Said once, under the field, rather than again in a banner.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL('/register');
    // The form is usable again once the request has finished.
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });
});
