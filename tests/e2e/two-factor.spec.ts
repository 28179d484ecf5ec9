import { twoFactorMessages } from '#shared/two-factor.ts';
import {
  createClientAccount,
  expect,
  gotoHydrated,
  loginAdmin,
  openSignedIn,
  strongPassword,
  test,
} from './fixtures.ts';
import {
  openProfile,
  signIn,
  totpCode,
  turnOnTwoFactor,
  waitForProfileData,
} from './settings-helpers.ts';

// Two-factor sign-in: turned on from the Profile page with an authenticator app, then
// asked for after the password; recovery codes stand in for the app once each. Also the
// login page's ?next= return address.

test.describe('two-factor sign-in', () => {
  test.use({ allowConsoleErrors: [/status of (400|401)/] });

  test('is turned on from the profile, then asks for a code or a recovery code at sign-in', async ({
    page,
    request,
  }) => {
    const account = await createClientAccount(request, 'Tom Totp');
    const email = account.user.email;
    await openProfile(page, account, 'security');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('Off', { exact: true })).toBeVisible();

    const { secret, recoveryCodes } = await turnOnTwoFactor(page);
    expect(recoveryCodes.every((code) => /^[0-9a-f]{5}-[0-9a-f]{5}$/.test(code))).toBe(true);
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByText('10 of 10 recovery codes')).toBeVisible();

    // Sign out, then in: the password alone is not enough.
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await signIn(page, email, strongPassword);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(code).toHaveAccessibleDescription(new RegExp(twoFactorMessages.wrongCode));
    await code.fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL('/client');
    await expect(page.getByRole('banner').getByText('Tom Totp')).toBeVisible();

    // Without the phone: a recovery code, once.
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await gotoHydrated(page, '/login');
    await signIn(page, email, strongPassword);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recovery = page.getByLabel('Recovery code');
    await expect(recovery).toBeFocused();
    await recovery.fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL('/client');

    await page.goto('/settings?tab=security');
    await waitForProfileData(page);
    await expect(card.getByText('9 of 10 recovery codes')).toBeVisible();

    // Turning it off takes a code too.
    await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    const field = dialog.getByLabel('Authentication or recovery code');
    await field.fill(recoveryCodes[0] ?? '');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(field).toHaveAccessibleDescription(new RegExp(twoFactorMessages.wrongCode));
    await field.fill(totpCode(secret));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Success' })).toContainText(
      twoFactorMessages.turnedOff,
    );
  });

  test('the code step keeps the ?next= address', async ({ page, request }) => {
    const account = await createClientAccount(request);
    await openProfile(page, account, 'security');
    const { secret } = await turnOnTwoFactor(page);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();

    await gotoHydrated(page, '/login?next=/client/scheduler');
    await signIn(page, account.user.email, strongPassword);
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL('/client/scheduler');
  });
});

test.describe('the login ?next= address', () => {
  test('is followed for a path on this site', async ({ page, request }) => {
    const account = await createClientAccount(request);
    await gotoHydrated(page, '/login?next=%2Fsettings%23two-factor');
    await signIn(page, account.user.email, strongPassword);
    await expect(page).toHaveURL('/settings#two-factor');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });

  for (const next of ['https://example.com/steal', '//example.com/steal', '/\\example.com']) {
    test(`is ignored for ${next}`, async ({ page, request }) => {
      const account = await createClientAccount(request);
      await gotoHydrated(page, `/login?next=${encodeURIComponent(next)}`);
      await signIn(page, account.user.email, strongPassword);
      await expect(page).toHaveURL('/client');
    });
  }
});

test('the admin area says when two-factor sign-in is required, and links to set it up', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  // The browser tests' server runs without ADMIN_REQUIRE_2FA (the API tests cover the
  // server side), so the status answer is what it would be with it on.
  await page.route('**/api/auth/2fa', (route) =>
    route.fulfill({ json: { enabled: false, recoveryCodesLeft: 0, required: true } }),
  );
  await openSignedIn(page, admin, '/admin/clients');
  const notice = page.getByRole('alert').filter({ hasText: 'Two-factor sign-in required' });
  await expect(notice).toContainText(twoFactorMessages.required, { timeout: 20_000 });
  await notice
    .getByRole('link', { name: 'Set up two-factor sign-in or a passkey on your Profile' })
    .click();
  await expect(page).toHaveURL('/settings#two-factor');
  await expect(
    page
      .getByRole('region', { name: 'Two-factor sign-in' })
      .getByText('Required for administrators'),
  ).toBeVisible();
});
