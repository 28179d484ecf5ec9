import {
  createClientAccount,
  expect,
  gotoHydrated,
  loginAdmin,
  openSignedIn,
  test,
} from './fixtures.ts';

// "Test as client" (SPEC §4): the admin lands on /client as the client with a banner on
// every page, and Return to admin restores the admin's own session.

const stored = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    email: (JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null)?.email,
    adminToken: localStorage.getItem('adminToken'),
  }));

test('Test as client opens the portal as the client, Return to admin comes back', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Ivy Impersonated'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  await page.getByRole('button', { name: 'Test as client' }).click();

  await expect(page).toHaveURL('/client');
  await expect(page.getByText('You are viewing the portal as Ivy Impersonated')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Ivy Impersonated')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const during = await stored(page);
  expect(during.email).toBe(client.user.email);
  expect(during.adminToken).toBe(admin.token);

  // On every page, public ones included.
  await page
    .getByRole('navigation', { name: 'Client Portal' })
    .getByRole('link', { name: 'Scheduler' })
    .click();
  await expect(page.getByText('You are viewing the portal as Ivy Impersonated')).toBeVisible();
  await gotoHydrated(page, '/about');
  await expect(page.getByRole('button', { name: 'Return to admin' })).toBeVisible();

  await page.getByRole('button', { name: 'Return to admin' }).click();
  await expect(page).toHaveURL(`/admin/clients/${client.user._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ivy Impersonated' })).toBeVisible();
  await expect(page.getByText('You are viewing the portal as')).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  expect(await stored(page)).toEqual({
    token: admin.token,
    email: admin.user.email,
    adminToken: null,
  });
});

test('logging out while impersonating forgets the saved admin session', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Lou Logout'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  await page.getByRole('button', { name: 'Test as client' }).click();
  await expect(page.getByText('You are viewing the portal as Lou Logout')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Return to admin' })).toHaveCount(0);
  expect(await stored(page)).toEqual({ token: null, email: undefined, adminToken: null });
});

test('logging out ends the test session and the admin session on the server', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Sam Server'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  await page.getByRole('button', { name: 'Test as client' }).click();
  await expect(page.getByText('You are viewing the portal as Sam Server')).toBeVisible();
  const testToken = (await stored(page)).token;

  const loggedOut = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/auth/logout') &&
      r.request().headers().authorization === `Bearer ${admin.token}`,
  );
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await loggedOut;
  for (const token of [testToken, admin.token]) {
    const verify = await request.get('/api/auth/verify', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.status()).toBe(401);
  }
});

test("a link carrying someone else's token does not sign this browser into their account", async ({
  page,
  request,
}) => {
  const [victim, attacker] = await Promise.all([
    createClientAccount(request, 'Vera Victim'),
    createClientAccount(request, 'Mallory Attacker'),
  ]);
  await openSignedIn(page, victim, '/client');
  await page.goto(`/client/processes?impersonate=${encodeURIComponent(attacker.token)}`);
  await expect(page).toHaveURL('/client/processes');
  await expect(page.getByRole('banner').getByText('Vera Victim')).toBeVisible();
  expect(await stored(page)).toMatchObject({ token: victim.token, email: victim.user.email });

  // Signed out, the same link leads to the sign-in page, not into the attacker's account.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/client?impersonate=${encodeURIComponent(attacker.token)}`);
  await expect(page).toHaveURL(/\/login/);
  expect((await stored(page)).token).toBeNull();
});

test.describe('an admin account', () => {
  test('cannot be impersonated', async ({ page, request }) => {
    const admin = await loginAdmin(request);
    await openSignedIn(page, admin, `/admin/clients/${admin.user._id}`);
    await expect(page.getByText('Admin accounts cannot be impersonated.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test as client' })).toHaveCount(0);
  });
});

test.describe('a refused impersonation', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('shows "{code}: Could not impersonate"', async ({ page, request }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Gone Gina'),
    ]);
    await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
    await page.route('**/api/admin/impersonate/*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"Client not found."}',
      }),
    );
    await page.getByRole('button', { name: 'Test as client' }).click();
    await expect(page.getByRole('status')).toContainText('404: Could not impersonate');
    await expect(page).toHaveURL(`/admin/clients/${client.user._id}`);
    expect((await stored(page)).adminToken).toBeNull();
  });
});
