import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Account } from '#shared/account.ts';
import type { AdminInvoices } from '#shared/admin-invoices.ts';
import type { CheckoutUrl } from '#shared/billing-api.ts';
import { billingToday } from '#shared/billing-dates.ts';
import type { AuthResponse } from '#shared/user.ts';
import { loginAdmin, strongPassword, uniqueEmail } from './fixtures.ts';
import { linkIn, waitForMail } from './mailbox.ts';

// Helpers for the billing journeys: API short-cuts for what another test already drives
// through the screens, and the places on the page a person looks at.

const bearer = (session: AuthResponse) => ({ authorization: `Bearer ${session.token}` });

/** The token at the end of a checkout, portal or invoice address. */
export const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** Chooses a package through the API and returns the address of its invoice page. */
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

/**
 * Subscribes through the API the way local billing does: the client chooses a package
 * (an invoice) and the admin records its payment in full. Returns the invoice address.
 */
export async function subscribe(
  request: APIRequestContext,
  session: AuthResponse,
  packageId: string,
) {
  const invoiceUrl = await startCheckout(request, session, packageId);
  await recordFullPayment(request, session.user._id);
  return invoiceUrl;
}

/** The admin records a payment in full of the client's newest open invoice. */
export async function recordFullPayment(request: APIRequestContext, clientId: string) {
  const admin = await loginAdmin(request);
  const listed = await request.get(`/api/admin/billing/${clientId}/invoices`, {
    headers: bearer(admin),
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { invoices, billingTimeZone } = (await listed.json()) as AdminInvoices;
  const open = invoices.find((invoice) => invoice.status === 'unpaid');
  if (!open) throw new Error('no open invoice');
  const paid = await request.post(`/api/admin/billing/${clientId}/invoices/${open.id}/payments`, {
    headers: bearer(admin),
    data: {
      amountDollars: (open.amount - open.amountPaid) / 100,
      // Today as billing counts days: in its zone (BILLING_TIME_ZONE).
      paidOn: billingToday(billingTimeZone),
      method: 'ach',
      reference: 'E2E',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
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
/** The package cards (each lists what it includes, in a list of its own). */
export const packageCards = (page: Page) =>
  packagesSection(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
export const invoicesSection = (page: Page) =>
  page.getByRole('region', { name: 'Recent invoices' });
