import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { passkeyMessages } from '#shared/passkeys.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { untilReady } from '../support/main-process.ts';
import {
  adminAccount,
  createClientAccount,
  expect,
  loginAdmin,
  openSignedIn,
  strongPassword,
  test,
} from './fixtures.ts';
import { signIn, turnOnTwoFactor } from './settings-helpers.ts';

// Passkeys in a real browser, Chromium's virtual authenticator (the CDP WebAuthn domain)
// standing in for a phone or laptop: added on Profile, then signing in without an e-mail,
// and as an admin's second factor under ADMIN_REQUIRE_2FA. Browsers take a host name as
// the relying party, never an IP address, so this file starts a server of its own at
// http://localhost:<port> (with ADMIN_REQUIRE_2FA) instead of the shared 127.0.0.1 one
// (docs/decisions/020-passkeys.md).

const port = Number(process.env.E2E_PORT ?? 3100) + 10;
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base, allowConsoleErrors: [/status of (401|403)/] });

test.beforeAll(async () => {
  // A server of its own on a new database: about 10 s on a quiet machine, and up to three
  // times that while the other worker's tests keep both cores busy.
  test.setTimeout(60_000);
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_PUBLIC_URL: base,
      ADMIN_REQUIRE_2FA: 'true',
    },
    stdio: 'ignore',
  });
  await untilReady({ child: server, base }, { path: '/healthz', timeoutMs: 55_000 });
});

test.afterAll(() => {
  server?.kill();
});

/** A platform authenticator that verifies the person (as a fingerprint would) and keeps passkeys. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Adds a passkey on the Profile page, which must be open, under `name`. */
async function addPasskey(page: Page, name: string) {
  const card = page.getByRole('region', { name: 'Passkeys' });
  await card.getByRole('button', { name: 'Add a passkey' }).click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  const field = dialog.getByLabel('Passkey name');
  // Offered a name from the browser and system (the test device is a Windows Chrome).
  await expect(field).toHaveValue(/^Chrome on \w+/);
  await field.fill(name);
  await dialog.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText(passkeyMessages.added)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your passkeys' }).getByText(name)).toBeVisible();
}

const logOut = async (page: Page) => {
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/login');
};

test('a passkey added on Profile signs in without an e-mail, and is renamed and removed', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request, 'Pia Passkey');
  await addVirtualAuthenticator(page);
  await openSignedIn(page, account, '/settings?tab=security');
  await addPasskey(page, 'Work laptop');
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Not used yet')).toBeVisible();

  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/client');
  await expect(page.getByRole('banner').getByText('Pia Passkey')).toBeVisible();

  await page.goto('/settings?tab=security');
  await expect(list.getByText(/Last used/)).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Passkey name').fill('Phone');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByText('Phone', { exact: true })).toBeVisible();

  await list.getByRole('button', { name: 'Remove Phone' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText(passkeyMessages.removed)).toBeVisible();
  await expect(page.getByText(/You have no passkeys yet/)).toBeVisible();

  // The device still holds the passkey, but this site no longer accepts it.
  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(passkeyMessages.unknown);
  await expect(page).toHaveURL('/login');
});

test('an admin who must use two factors meets the rule with a passkey, then answers the second step with it', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  await addVirtualAuthenticator(page);
  await openSignedIn(page, admin, '/admin/clients');
  await expect(page.getByText(twoFactorMessages.required)).toBeVisible({ timeout: 20_000 });

  await page.goto('/settings?tab=security');
  await addPasskey(page, 'Admin laptop');
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByText(twoFactorMessages.required)).toHaveCount(0);

  // The password alone no longer signs this admin in: the passkey is asked for.
  await page.goto('/settings?tab=security');
  await logOut(page);
  await signIn(page, adminAccount.email, adminAccount.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL('/client');
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
});

test('with two-factor on, a passkey answers the step after the password in place of a code', async ({
  page,
  request,
}) => {
  const account = await createClientAccount(request, 'Cody Twosteps');
  await addVirtualAuthenticator(page);
  await openSignedIn(page, account, '/settings?tab=security');
  await turnOnTwoFactor(page);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await addPasskey(page, 'Laptop');

  await logOut(page);
  await signIn(page, account.user.email, strongPassword);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL('/client');
  await expect(page.getByRole('banner').getByText('Cody Twosteps')).toBeVisible();
});
