import { emailVerificationMessages } from '#shared/email-verification-text.ts';
import { passwordMessages } from '#shared/password.ts';
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
import { linkIn, waitForMail } from './mailbox.ts';
import { openProfile, signIn } from './settings-helpers.ts';
import { clientOnPlan, postAs } from './team-helpers.ts';

// A new account's first week with signing in: the welcome mail that proves the address,
// a session that ends under an open screen, the admin area signed out, a dead reset link,
// and an invitation kept across sign-in and sign-up.

test.describe('a new client', () => {
  // The older link opened at the end answers 409, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 409/] });

  test('is asked to verify the address until the mailed link is opened', async ({ page }) => {
    const email = uniqueEmail('welcome');
    await gotoHydrated(page, '/register');
    await page.getByLabel('Full name').fill('Wendy Welcome');
    await page.getByLabel('Email').fill(email);
    // The company code says what it is and that it may be left empty.
    await expect(page.getByLabel(/^Company code/)).toHaveAccessibleDescription(
      /A reference we gave your company.*Leave it empty if you have none/,
    );
    await page.getByLabel(/^Password/).fill(strongPassword);
    await page.getByLabel(/^Confirm password/).fill(strongPassword);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/client');

    // The account works at once; the banner asks for the link.
    const banner = page.getByRole('region', { name: 'Please verify your e-mail address' });
    await expect(banner).toContainText(email);
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await expect(banner.getByRole('status')).toHaveText(emailVerificationMessages.resent(email));

    const mail = await waitForMail(email, /Verify your e-mail address/);
    const link = linkIn(mail, '/verify-email/');
    await page.goto(link);
    await expect(
      page.getByRole('status').filter({ hasText: 'E-mail address verified' }),
    ).toContainText(emailVerificationMessages.verified(email));
    await page.getByRole('link', { name: 'Go to your portal' }).click();
    await expect(page).toHaveURL('/client');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // An older link, opened now, says plainly there is nothing more to do.
    const welcome = linkIn(await waitForMail(email, /Welcome to/), '/verify-email/');
    await page.goto(welcome);
    await expect(page.getByRole('alert')).toContainText(emailVerificationMessages.used);
  });
});

test.describe('a session that ends under an open screen', () => {
  test.use({ allowConsoleErrors: [/status of 401/] });

  test('goes to sign-in with the reason, and back to the screen afterwards', async ({
    page,
    request,
  }) => {
    const account = await createClientAccount(request, 'Sid Session');
    await openSignedIn(page, account, '/client/scheduler');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduler' })).toBeVisible();
    // Signed out elsewhere: the server ends this session.
    const ended = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(ended.status()).toBe(200);

    // The screen is opened again (a reload, a return to the tab): its calls answer 401.
    await page.reload();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/client/scheduler')}`);
    await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toContainText(
      'Your session has ended. Please sign in again.',
    );
    await signIn(page, account.user.email, strongPassword);
    await expect(page).toHaveURL('/client/scheduler');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduler' })).toBeVisible();
  });
});

test('signed out, /admin goes to sign-in as /client does, and back after signing in', async ({
  page,
}) => {
  await page.goto('/admin/clients');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/admin/clients')}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await signIn(page, adminAccount.email, adminAccount.password);
  await expect(page).toHaveURL('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
});

test.describe('a dead reset link', () => {
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('says so before any password is typed, with the way to a new one', async ({ page }) => {
    await page.goto('/reset-password/not-a-real-token');
    await expect(page.getByRole('alert')).toContainText(passwordMessages.resetInvalid);
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL('/forgot-password');
  });
});

test('sign in to accept keeps the invitation, on the way to sign-up as well', async ({
  page,
  request,
}) => {
  const { client: owner } = await clientOnPlan(request, 'Pro', 'Kit Keeper');
  const existing = await createClientAccount(request, 'Ines Invited');
  const invited = await postAs(request, owner, '/api/team/invite', {
    email: existing.user.email,
  });
  expect(invited.status()).toBe(201);
  const link = linkIn(await waitForMail(existing.user.email, /\/invite\//), '/invite/');
  const invitePath = new URL(link).pathname;
  const token = invitePath.split('/').pop() ?? '';

  await gotoHydrated(page, invitePath);
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(page.getByText(/you come back to the invitation/)).toBeVisible();
  // Someone without an account goes on to sign up, and the invitation goes with them;
  // a member is not asked for the owner's company.
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    `/register?invite=${encodeURIComponent(token)}`,
  );
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByText('Joining Acme Test Co')).toBeVisible();
  await expect(page.getByLabel(/^Company/)).toHaveCount(0);
  // And back to sign in from there, still with the invitation.
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(invitePath)}`);
  await signIn(page, existing.user.email, strongPassword);
  await expect(page).toHaveURL(invitePath);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL('/client/processes');
});

test('a new e-mail address replaces the old one only once its link is opened', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request, 'Cam Changer');
  const newEmail = uniqueEmail('moved');
  await openProfile(page, account);
  const card = page.getByRole('region', { name: 'Account' });
  await card.getByRole('button', { name: 'Change email' }).click();
  await card.getByLabel('New email').fill(newEmail);
  await card.getByLabel('Current password').fill(strongPassword);
  await card.getByRole('button', { name: 'Send the link' }).click();
  const waiting = card.getByRole('status').filter({ hasText: 'Waiting for the new address' });
  await expect(waiting).toContainText(newEmail);
  await expect(waiting).toContainText(`Your address stays ${account.user.email}`);
  // The old address is told; the link goes to the new one.
  await waitForMail(account.user.email, /about to change/);
  const link = linkIn(await waitForMail(newEmail, /verify-email\//), '/verify-email/');

  await page.goto(link);
  await expect(
    page.getByRole('status').filter({ hasText: 'E-mail address changed' }),
  ).toContainText(emailVerificationMessages.changed(newEmail));
  // Signed in on this browser, the stored record follows at once.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  expect(stored.email).toBe(newEmail);
  await page.goto('/settings');
  await expect(card.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(waiting).toHaveCount(0);
});
