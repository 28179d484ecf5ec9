import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { AuthResponse } from '#shared/user.ts';
import { expect, openSignedIn } from './fixtures.ts';

// Helpers for the Profile, password-reset and two-factor browser tests.

/** The current code of an authenticator app holding `secret` (spaces allowed). */
export const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) }).generate();

// The machine the browser tests share is often busy; the first load of the portal (its
// code split chunks and three requests) gets more time than a click's answer.
const FIRST_LOAD_MS = 20_000;

/** The Profile's tabs, as its address names them (?tab=). */
export type ProfileTab = 'account' | 'security' | 'notifications' | 'organization' | 'data';

/** Opens the Profile page signed in, on `tab`, and waits until that tab has loaded. */
export async function openProfile(page: Page, session: AuthResponse, tab: ProfileTab = 'account') {
  await openSignedIn(page, session, tab === 'account' ? '/settings' : `/settings?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({
    timeout: FIRST_LOAD_MS,
  });
  await waitForProfileData(page);
}

/**
 * Waits until the open tab's parts are on screen: the two-factor status on Security, the
 * form on Organization defaults.
 */
export async function waitForProfileData(page: Page) {
  const selected = page.getByRole('tablist', { name: 'Profile' }).getByRole('tab', {
    selected: true,
  });
  await expect(selected).toBeVisible({ timeout: FIRST_LOAD_MS });
  const tab = await selected.textContent();
  if (tab === 'Security') {
    await expect(
      page.getByRole('region', { name: 'Two-factor sign-in' }).getByText(/^(On|Off)$/),
    ).toBeVisible({ timeout: FIRST_LOAD_MS });
  }
  if (tab === 'Organization defaults') {
    await expect(
      page.getByRole('region', { name: 'Organization defaults' }).getByLabel('Provider name'),
    ).toBeVisible({ timeout: FIRST_LOAD_MS });
  }
}

/** The token and user the app keeps in localStorage. */
export const storedSession = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
  }));

/** Signs in through the API (not the page), e.g. to hold a second, older session. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<AuthResponse> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
}

/** The HTTP status GET /api/auth/verify answers for a token. */
export async function verifyStatus(request: APIRequestContext, token: string) {
  const response = await request.get('/api/auth/verify', {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status();
}

/** Fills the login form and submits it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Turns on two-factor sign-in from the open Profile page, as a person would: reads the
 * setup key shown beside the QR code into "their app" and types its code. Answers the
 * key and the recovery codes the page shows once.
 */
export async function turnOnTwoFactor(page: Page) {
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByText(/^([A-Z2-7]{1,4} ?)+$/).textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  await card.getByLabel('Code from the app').fill(totpCode(secret));
  await card.getByRole('button', { name: 'Confirm and turn on' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  return { secret, recoveryCodes };
}
