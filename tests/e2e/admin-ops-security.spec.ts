import type { SecurityState } from '#shared/security.ts';
import type { AuthResponse } from '#shared/user.ts';
import { adminGet, clearAdminIpLock, firstPaint } from './admin-ops-helpers.ts';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin IP lock (SPEC §2 Security, §5 "Allowed IP is required", §8 "Failed"). Every
// browser test talks from 127.0.0.1, so the lock is only ever set to that address and
// lifted again after each test, whatever happened, so parallel tests keep working.

let admin: AuthResponse;
test.beforeEach(async ({ request }) => {
  admin = await loginAdmin(request);
});
test.afterEach(async ({ request }) => {
  await clearAdminIpLock(request, admin);
});

test('shows the IP, refuses an empty one, warns before another, locks to mine and unlocks', async ({
  page,
  request,
}) => {
  const state = await adminGet<SecurityState>(request, admin, '/api/admin/security/ip');
  expect(state.allowedIp).toBeNull();
  await openSignedIn(page, admin, '/admin/security');
  const current = page.getByRole('region', { name: 'Current access' });
  await expect(current.getByText(state.ip, { exact: true })).toBeVisible(firstPaint);
  await expect(current.getByText('Not set')).toBeVisible();

  const form = page.getByRole('form', { name: 'Allowed admin IP' });
  const notice = page.getByRole('status').filter({ hasText: /\S/ });
  await form.getByRole('button', { name: 'Save allowed IP' }).click();
  await expect(notice).toContainText('Validation');
  await expect(notice).toContainText('Allowed IP is required');
  await expect(form.getByLabel('Allowed IP')).toHaveAttribute('aria-invalid', 'true');

  // Another address would lock this browser out: it asks first, and Cancel saves nothing.
  await form.getByLabel('Allowed IP').fill('203.0.113.9');
  await form.getByRole('button', { name: 'Save allowed IP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock out this browser?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`203.0.113.9 is not your current address (${state.ip})`);
  await expect(dialog).toContainText('ADMIN_IP_LOCK_RESET=true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(
    (await adminGet<SecurityState>(request, admin, '/api/admin/security/ip')).allowedIp,
  ).toBeNull();

  // Use my IP fills in the caller's address; saving it needs no warning.
  await form.getByRole('button', { name: 'Use my IP' }).click();
  await expect(form.getByLabel('Allowed IP')).toHaveValue(state.ip);
  await form.getByRole('button', { name: 'Save allowed IP' }).click();
  await expect(notice).toContainText(`The admin area is locked to ${state.ip}.`);
  await expect(current.getByText('Locked')).toBeVisible();
  await expect(current).toContainText(`to ${state.ip} (your address)`);
  expect((await adminGet<SecurityState>(request, admin, '/api/admin/security/ip')).allowedIp).toBe(
    state.ip,
  );

  // The admin area still opens from this address.
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible(firstPaint);
  await page.goto('/admin/security');
  await expect(current.getByText('Locked')).toBeVisible(firstPaint);

  await current.getByRole('button', { name: 'Remove lock' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the admin IP lock?' });
  await confirm.getByRole('button', { name: 'Remove lock' }).click();
  await expect(notice).toContainText('The admin area is open to any address again.');
  await expect(current.getByText('Not set')).toBeVisible();
  await expect(current.getByRole('button', { name: 'Remove lock' })).toHaveCount(0);
  expect(
    (await adminGet<SecurityState>(request, admin, '/api/admin/security/ip')).allowedIp,
  ).toBeNull();

  // The recovery path and two-factor sign-in are explained.
  await expect(page.getByRole('region', { name: 'Locked out?' })).toContainText(
    'ADMIN_IP_LOCK_RESET=true',
  );
  await page
    .getByRole('region', { name: 'Two-factor sign-in' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
});

test.describe('a refused save', () => {
  // The browser logs the refused request.
  test.use({ allowConsoleErrors: [/status of 409/] });

  test('shows Failed with the code and the answer', async ({ page }) => {
    await page.route('**/api/admin/security/admin-allowed-ip', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 409, json: { message: 'Another admin changed the lock.' } })
        : route.fallback(),
    );
    await openSignedIn(page, admin, '/admin/security');
    const form = page.getByRole('form', { name: 'Allowed admin IP' });
    await expect(form).toBeVisible(firstPaint);
    await form.getByRole('button', { name: 'Use my IP' }).click();
    await form.getByRole('button', { name: 'Save allowed IP' }).click();
    const notice = page.getByRole('status').filter({ hasText: /\S/ });
    await expect(notice).toContainText('Failed');
    await expect(notice).toContainText('409: Another admin changed the lock.');
    await expect(
      page.getByRole('region', { name: 'Current access' }).getByText('Not set'),
    ).toBeVisible();
  });
});
