import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Account } from '#shared/account.ts';
import type { CheckoutUrl } from '#shared/billing-api.ts';
import type { AuthResponse } from '#shared/user.ts';
import { strongPassword, uniqueEmail } from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// Helpers for the billing journeys: API short-cuts for what another test already drives
// through the screens, and the places on the page a person looks at.

const bearer = (session: AuthResponse) => ({ authorization: `Bearer ${session.token}` });

/** The token at the end of a checkout, portal or invoice address. */
export const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** Starts a checkout through the API and returns the checkout page's address. */
export async function startCheckout(
  request: APIRequestContext,
  session: AuthResponse,
  packageId: string,
): Promise<string> {
  const response = await request.post('/api/zoho/select-package', {
    headers: bearer(session),
    data: { packageId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as CheckoutUrl).checkoutUrl;
}

/** Subscribes through the API: start a checkout and confirm it, as the checkout page does. */
export async function subscribe(
  request: APIRequestContext,
  session: AuthResponse,
  packageId: string,
) {
  const checkoutUrl = await startCheckout(request, session, packageId);
  const response = await request.post(`/api/pay/sessions/${tokenOf(checkoutUrl)}/confirm`);
  expect(response.status(), await response.text()).toBe(200);
  return checkoutUrl;
}

export async function accountOf(request: APIRequestContext, session: AuthResponse) {
  const response = await request.get('/api/account', { headers: bearer(session) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Account;
}

/** A new account that joins `owner`'s team as a member, through the e-mailed invite. */
export async function createTeamMember(
  request: APIRequestContext,
  owner: AuthResponse,
  name = 'Morgan Member',
): Promise<AuthResponse> {
  const email = uniqueEmail('member');
  const invite = await request.post('/api/team/invite', {
    headers: bearer(owner),
    data: { email, role: 'member' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const link = linkIn(await waitForMail(email, /\/invite\//), '/invite/');
  const registered = await request.post('/api/auth/register', {
    data: {
      name,
      email,
      password: strongPassword,
      confirmPassword: strongPassword,
      companyName: '',
      companyCode: '',
      acceptedTOS: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const member = (await registered.json()) as AuthResponse;
  const accepted = await request.post(`/api/team/invites/${tokenOf(link)}/accept`, {
    headers: bearer(member),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return member;
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Client Portal' });
export const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Subscription' });
export const packagesSection = (page: Page) => page.getByRole('region', { name: 'Choose a plan' });
export const invoicesSection = (page: Page) =>
  page.getByRole('region', { name: 'Recent invoices' });
