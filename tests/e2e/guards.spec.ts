import type { ImpersonationToken } from '#shared/impersonation.ts';
import {
  createClientAccount,
  expect,
  gotoHydrated,
  loginAdmin,
  openSignedIn,
  test,
} from './fixtures.ts';

test('a signed-out visitor is sent from the portal to the login page, with the way back', async ({
  page,
}) => {
  await page.goto('/client/processes');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/client/processes')}`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a client cannot open the admin area', async ({ page, request }) => {
  const client = await createClientAccount(request);
  await openSignedIn(page, client, '/admin/clients');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('the admin opening /admin lands on Today with the admin navigation', async ({ page }) => {
  await gotoHydrated(page, '/login');
  await page.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL ?? 'admin@example.test');
  await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD ?? 'Admin-Passw0rd1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/client');

  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  await expect(adminNav.getByRole('link', { name: 'Today' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The legal suite, where /admin once led, has its own entry.
  await adminNav.getByRole('link', { name: 'Legal Suite' }).click();
  await expect(page).toHaveURL('/admin/legal');
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Suite' })).toBeVisible();
  await expect(adminNav.getByRole('link', { name: 'Today' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await adminNav.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
});

test('the test session this admin asked for replaces the session and leaves the address bar', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Ivy Impersonated'),
  ]);
  const asked = await request.post(`/api/admin/impersonate/${client.user._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const { token } = (await asked.json()) as ImpersonationToken;
  // What "Test as client" keeps before it opens the portal (lib/impersonation.ts).
  await openSignedIn(page, admin, '/');
  await page.evaluate(
    ({ admin, token }) => {
      localStorage.setItem('adminToken', admin.token);
      localStorage.setItem('adminUser', JSON.stringify(admin.user));
      localStorage.setItem('impersonationToken', token);
    },
    { admin, token },
  );
  await page.goto(`/client?impersonate=${encodeURIComponent(token)}`);

  await expect(page).toHaveURL('/client');
  const header = page.getByRole('banner');
  await expect(header.getByText('Ivy Impersonated')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null,
  }));
  expect(stored.token).toBe(token);
  expect(stored.user?.email).toBe(client.user.email);
});

test('a token this admin did not ask for is ignored, even a valid one', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Ned Notasked'),
  ]);
  await openSignedIn(page, admin, `/client?impersonate=${encodeURIComponent(client.token)}`);
  await expect(page).toHaveURL('/client');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(admin.token);
});

test.describe('an invalid impersonation token', () => {
  test('is ignored: without a session the portal asks to sign in', async ({ page }) => {
    await page.goto('/client/scheduler?impersonate=not-a-real-token');
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/client/scheduler')}`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
