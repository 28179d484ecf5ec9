import { expect } from 'vitest';
import type { AdminInvoices } from '#shared/admin-invoices.ts';
import type { CheckoutUrl, SelectPackage } from '#shared/billing-api.ts';
import { billingToday } from '#shared/billing-dates.ts';
import type { RecordPaymentInput } from '#shared/invoicing.ts';
import { nextIp, type TestContext } from './test-app.ts';

// Helpers for billing tests: absolute links from the API turned into injectable paths,
// the token out of a /pay/... link, and a whole local subscription (the client chooses,
// an admin records the payment) in one call.

/** The path and query of an absolute URL the API returned (links use PUBLIC_URL). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The token at the end of a /pay/checkout|portal|invoice/:token link. */
export const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** A request without a bearer token (the token pages and signed links). */
export const anonymous = (t: TestContext, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: nextIp(), ...(payload && { payload }) });

/** Chooses a package: the open invoice's token page address (local provider). */
export async function choosePackage(t: TestContext, token: string, packageId: string) {
  const selected = await t.injectAs(token, {
    method: 'POST',
    url: '/api/zoho/select-package',
    payload: { packageId } satisfies SelectPackage,
  });
  expect(selected.statusCode, selected.body).toBe(200);
  return selected.json<CheckoutUrl>().checkoutUrl;
}

/** The admin's view of a client's invoices, newest first. */
export async function adminInvoices(t: TestContext, adminToken: string, clientId: string) {
  const listed = await t.injectAs(adminToken, {
    method: 'GET',
    url: `/api/admin/billing/${clientId}/invoices`,
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json<AdminInvoices>().invoices;
}

/** An admin records a payment in full of the client's newest open invoice. */
export async function payNewestInvoice(
  t: TestContext,
  adminToken: string,
  clientId: string,
  payment: Partial<RecordPaymentInput> = {},
) {
  const open = (await adminInvoices(t, adminToken, clientId)).find((i) => i.status === 'unpaid');
  if (!open) throw new Error('no open invoice');
  const recorded = await t.injectAs(adminToken, {
    method: 'POST',
    url: `/api/admin/billing/${clientId}/invoices/${open.id}/payments`,
    payload: {
      amountDollars: (open.amount - open.amountPaid) / 100,
      paidOn: billingToday(t.deps.config.invoicing.timeZone),
      method: 'ach',
      reference: 'TRACE-1',
      ...payment,
    } satisfies RecordPaymentInput,
  });
  expect(recorded.statusCode, recorded.body).toBe(200);
  return open;
}

let billingAdmin: string | undefined;

/** The user id a session token was issued to (its `sub`). */
const userIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;

/**
 * Subscribes the client the way local billing does it: the client chooses a package and
 * an admin records the payment in full. Returns the invoice page's token.
 */
export async function subscribe(t: TestContext, token: string, packageId: string) {
  const invoiceUrl = await choosePackage(t, token, packageId);
  billingAdmin ??= (await t.createUser({ role: 'Admin' })).token;
  await payNewestInvoice(t, billingAdmin, userIdOf(token));
  return tokenOf(invoiceUrl);
}
