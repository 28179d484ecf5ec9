import AxeBuilder from '@axe-core/playwright';
import { legalDefaultsMessages } from '#shared/legal-defaults.ts';
import { passwordMessages } from '#shared/password.ts';
import {
  createClientAccount,
  expect,
  loginAdmin,
  openSignedIn,
  strongPassword,
  test,
  watchConsole,
} from './fixtures.ts';
import {
  apiLogin,
  openProfile,
  storedSession,
  verifyStatus,
  waitForProfileData,
} from './settings-helpers.ts';

// Settings, labelled Profile (SPEC §2): account summary, organization defaults, change
// password and log out, each on its tab (settings-tabs.spec.ts tests the tabs).

test('the profile shows the account with links to contact and billing', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request, 'Paula Profile');
  await openProfile(page, account);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Account' });
  await expect(summary.getByText('Paula Profile')).toBeVisible();
  await expect(summary.getByText(account.user.email)).toBeVisible();
  await expect(summary.getByText('Acme Test Co')).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: /^Client$/ })).toBeVisible();
  await expect(summary.getByText('Trial', { exact: true })).toBeVisible();

  await summary.getByRole('link', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL('/billing');
  await page.goBack();
  await page
    .getByRole('region', { name: 'Account' })
    .getByRole('link', { name: 'Contact us' })
    .click();
  await expect(page).toHaveURL('/contact');
});

test('organization defaults are saved, a zero comes back empty, and they survive a reload', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request);
  await openProfile(page, account, 'organization');
  const form = page.getByRole('region', { name: 'Organization defaults' });

  await form.getByLabel('Provider name').fill('Northwind Test LLC');
  await form.getByLabel('Address').fill('1 Lake St\nDuluth, MN 55802');
  await form.getByLabel('Support email').fill('help@northwind.test');
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByLabel('Hourly rate').fill('150');
  await form.getByLabel('Payment terms (net days)').fill('0');
  await form.getByLabel('Late fee (%)').fill('1.5');
  await form.getByLabel('Governing law').fill('State of Minnesota');
  await form.getByLabel('Arbitration').selectOption('JAMS');
  await form.getByLabel('IP ownership').selectOption({ label: 'Joint ownership' });
  await form.getByRole('button', { name: 'Save defaults' }).click();

  const notice = page.getByRole('status').filter({ hasText: 'Saved' });
  await expect(notice).toContainText(legalDefaultsMessages.saved);
  // Zero means "not set" (SPEC §5): the form shows what the server kept.
  await expect(form.getByLabel('Payment terms (net days)')).toHaveValue('');

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Organization defaults' });
  await expect(reloaded.getByLabel('Provider name')).toHaveValue('Northwind Test LLC');
  await expect(reloaded.getByLabel('Address')).toHaveValue('1 Lake St\nDuluth, MN 55802');
  await expect(reloaded.getByLabel('Support email')).toHaveValue('help@northwind.test');
  await expect(reloaded.getByLabel('Currency')).toHaveValue('EUR');
  await expect(reloaded.getByLabel('Hourly rate')).toHaveValue('150');
  await expect(reloaded.getByLabel('Late fee (%)')).toHaveValue('1.5');
  await expect(reloaded.getByLabel('Payment terms (net days)')).toHaveValue('');
  await expect(reloaded.getByLabel('Arbitration')).toHaveValue('JAMS');
  await expect(reloaded.getByLabel('IP ownership')).toHaveValue('Joint');
  await expect(reloaded.getByLabel('Governing law')).toHaveValue('State of Minnesota');
  await expect(reloaded.getByLabel('Signatory name')).toHaveValue('');
});

test('every organization default of the spec is on the form with its options', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request);
  await openProfile(page, account, 'organization');
  const form = page.getByRole('region', { name: 'Organization defaults' });
  for (const group of ['Provider', 'Support', 'Money', 'Terms']) {
    await expect(form.getByRole('group', { name: group })).toBeVisible();
  }
  await expect(form.getByRole('textbox')).toHaveCount(21);
  await expect(form.getByLabel('Currency').getByRole('option')).toHaveText([
    'Not set',
    'USD',
    'EUR',
    'GBP',
    'CAD',
  ]);
  await expect(form.getByLabel('Arbitration').getByRole('option')).toHaveText([
    'Not set',
    'None (courts)',
    'AAA',
    'JAMS',
  ]);
  await expect(form.getByLabel('IP ownership').getByRole('option')).toHaveText([
    'Not set',
    'Work for hire (client owns)',
    'Licence to client (provider owns)',
    'Joint ownership',
  ]);

  // A bad address is caught before anything is sent.
  await form.getByLabel('Support email').fill('not-an-address');
  await form.getByRole('button', { name: 'Save defaults' }).click();
  await expect(form.getByLabel('Support email')).toHaveAccessibleDescription(
    legalDefaultsMessages.supportEmail,
  );
});

test.describe('changing the password', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('checks the current password and the confirmation, then keeps this session only', async ({
    page,
    request,
  }) => {
    const account = await createClientAccount(request);
    // Another device signed in before the change.
    const older = await apiLogin(request, account.user.email, strongPassword);
    await openProfile(page, account, 'security');
    const card = page.getByRole('region', { name: 'Change password' });
    const current = card.getByLabel('Current password');
    const next = card.getByLabel('New password', { exact: true });
    const confirm = card.getByLabel('Confirm new password');
    const submit = card.getByRole('button', { name: 'Change password' });

    // An empty new password reads as a mismatch (SPEC §5).
    await current.fill(strongPassword);
    await submit.click();
    await expect(confirm).toHaveAccessibleDescription(passwordMessages.passwordsMatch);

    await next.fill('N3w-Passw0rd');
    await confirm.fill('N3w-Passw0rd-typo');
    await submit.click();
    await expect(confirm).toHaveAccessibleDescription(passwordMessages.passwordsMatch);

    await current.fill('Not-my-passw0rd');
    await confirm.fill('N3w-Passw0rd');
    await submit.click();
    await expect(current).toHaveAccessibleDescription(passwordMessages.currentWrong);
    await expect(current).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Error' })).toContainText(
      passwordMessages.currentWrong,
    );

    const before = await storedSession(page);
    await current.fill(strongPassword);
    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: 'Success' })).toContainText(
      passwordMessages.changed,
    );
    await expect(current).toHaveValue('');

    // This tab carries on with the new token; the older session has ended.
    const after = await storedSession(page);
    expect(after.token).not.toBe(before.token);
    expect(await verifyStatus(request, after.token ?? '')).toBe(200);
    expect(await verifyStatus(request, older.token)).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page).toHaveURL('/settings?tab=security');
    await apiLogin(request, account.user.email, 'N3w-Passw0rd');
  });
});

test.describe('while testing as a client', () => {
  test.use({ allowConsoleErrors: [/status of 403/] });

  test('the password change is refused with the server message', async ({ page, request }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Tess Tested'),
    ]);
    await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
    await page.getByRole('button', { name: 'Test as client' }).click();
    await expect(page).toHaveURL('/client');
    await page.goto('/settings?tab=security');
    await waitForProfileData(page);

    const card = page.getByRole('region', { name: 'Change password' });
    await card.getByLabel('Current password').fill(strongPassword);
    await card.getByLabel('New password', { exact: true }).fill('N3w-Passw0rd');
    await card.getByLabel('Confirm new password').fill('N3w-Passw0rd');
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect(card.getByRole('alert')).toHaveText(passwordMessages.impersonating);
    // Two-factor sign-in is the client's own business too.
    await expect(
      page
        .getByRole('region', { name: 'Two-factor sign-in' })
        .getByText(/while testing as a client/),
    ).toBeVisible();
  });
});

test('Log out clears the session and goes to the login page', async ({ page, request }) => {
  const account = await createClientAccount(request);
  await openProfile(page, account);
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await storedSession(page)).toEqual({ token: null, user: null });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/settings')}`);
});

test('the profile, with form errors and the two-factor setup open, has no axe violations', async ({
  browser,
  request,
}) => {
  // @axe-core/playwright needs a page from browser.newContext() (DESIGN §2).
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  await openProfile(page, await createClientAccount(request), 'security');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page
    .getByRole('region', { name: 'Change password' })
    .getByRole('button', { name: 'Change password' })
    .click();
  await page
    .getByRole('region', { name: 'Two-factor sign-in' })
    .getByRole('button', { name: 'Turn on two-factor sign-in' })
    .click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(unexpected()).toEqual([]);
  await context.close();
});
