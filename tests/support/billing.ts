import { expect } from 'vitest';
import type { CheckoutUrl, SelectPackage } from '#shared/billing-api.ts';
import { nextIp, type TestContext } from './test-app.ts';

// Helpers for billing tests: absolute links from the API turned into injectable paths,
// the token out of a /pay/... link, and a whole local checkout in one call.

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

/** Select a package and confirm the built-in checkout; returns the checkout token. */
export async function subscribe(t: TestContext, token: string, packageId: string) {
  const selected = await t.injectAs(token, {
    method: 'POST',
    url: '/api/zoho/select-package',
    payload: { packageId } satisfies SelectPackage,
  });
  expect(selected.statusCode, selected.body).toBe(200);
  const checkoutToken = tokenOf(selected.json<CheckoutUrl>().checkoutUrl);
  const confirmed = await anonymous(t, 'POST', `/api/pay/sessions/${checkoutToken}/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return checkoutToken;
}
