import AxeBuilder from '@axe-core/playwright';
import { authMessages } from '#shared/auth.ts';
import { passwordMessages } from '#shared/password.ts';
import {
  createClientAccount,
  expect,
  gotoHydrated,
  strongPassword,
  test,
  uniqueEmail,
  watchConsole,
} from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';
import { signIn } from './settings-helpers.ts';

// Forgot password → e-mailed one-time link → new password → sign in.

test.describe('resetting a forgotten password', () => {
  test.use({ allowConsoleErrors: [/status of (400|401)/] });

  test('works once from the e-mailed link, and the old password stops working', async ({
    page,
    request,
  }) => {
    const account = await createClientAccount(request, 'Fran Forgetful');
    const email = account.user.email;

    await gotoHydrated(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
      passwordMessages.forgotSent,
    );

    const link = linkIn(await waitForMail(email, /reset-password\//), '/reset-password/');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = page.getByRole('button', { name: 'Set new password' });

    await next.fill('short');
    await confirm.fill('short');
    await submit.click();
    await expect(next).toHaveAccessibleDescription(
      new RegExp(authMessages.passwordLength.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await next.fill('Res3t-Passw0rd');
    await confirm.fill('Res3t-Passw0rd-typo');
    await submit.click();
    await expect(confirm).toHaveAccessibleDescription(passwordMessages.passwordsMatch);
    await confirm.fill('Res3t-Passw0rd');
    await submit.click();
    await expect(page.getByText(passwordMessages.resetDone)).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await signIn(page, email, strongPassword);
    await expect(page.getByRole('alert')).toHaveText(authMessages.badCredentials);
    await signIn(page, email, 'Res3t-Passw0rd');
    await expect(page).toHaveURL('/client');
    await expect(page.getByRole('banner').getByText('Fran Forgetful')).toBeVisible();

    // The link was used: it says so before any password is typed, and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(passwordMessages.resetInvalid);
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });

  test('a made-up link says it is invalid, without showing the form', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await expect(page.getByRole('alert')).toContainText(passwordMessages.resetInvalid);
    await expect(page.getByRole('button', { name: 'Set new password' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test('an unknown address gets the same neutral answer', async ({ page }) => {
  await gotoHydrated(page, '/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(passwordMessages.forgotSent)).toBeVisible();
  await page.getByRole('button', { name: 'try another address' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('/forgot-password has no axe violations, with its errors showing too', async ({ browser }) => {
  // @axe-core/playwright needs a page from browser.newContext() (DESIGN §2).
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  await gotoHydrated(page, '/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(unexpected()).toEqual([]);
  await context.close();
});

test('a reset page has no axe violations, for a dead link and with its errors showing', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The dead link's check answers 400, which the browser logs.
  const unexpected = watchConsole(page, [/status of 400/]);
  await gotoHydrated(page, '/reset-password/some-token');
  await expect(page.getByRole('alert')).toContainText(passwordMessages.resetInvalid);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const account = await createClientAccount(request, 'Axel Axe');
  await request.post('/api/auth/forgot-password', { data: { email: account.user.email } });
  const link = linkIn(
    await waitForMail(account.user.email, /reset-password\//),
    '/reset-password/',
  );
  await gotoHydrated(page, new URL(link).pathname);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(unexpected()).toEqual([]);
  await context.close();
});
