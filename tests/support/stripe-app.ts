import { expect } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { createStripeClient } from '#server/integrations/stripe/client.ts';
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from './fake-stripe.ts';
import { build } from './test-app.ts';

// The app with BILLING_PROVIDER=stripe, the official library pointed at a fake Stripe on
// loopback (STRIPE_API_URL), plus helpers to deliver signed events and to check out.

export async function buildStripeApp() {
  const fake = await startFakeStripe();
  const config = loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  const t = await build({
    config,
    integrations: {
      n8n: createWebhookCaller({ allowPrivate: true, timeoutMs: 2_000 }),
      mailer: null,
      stripe: createStripeClient({
        secretKey: FAKE_STRIPE_KEY,
        apiUrl: fake.url,
        timeoutMs: 3_000,
      }),
    },
  });
  const admin = await t.createUser({ role: 'Admin' });
  const post = (token: string, url: string, payload?: object) =>
    t.injectAs(token, { method: 'POST', url, ...(payload && { payload }) });

  /** POST /api/stripe/webhook with a delivery as Stripe signs it (or another signature). */
  const deliver = (delivery: { body: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      payload: delivery.body,
    });

  /** A new client who paid `priceId` on Stripe Checkout; the events are not delivered yet. */
  async function checkedOut(priceId: string) {
    const client = await t.registerClient();
    const selected = await post(client.token, '/api/zoho/select-package', { packageId: priceId });
    expect(selected.statusCode, selected.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(selected.json().checkoutUrl)?.[1] ?? '';
    return { ...client, ...fake.completeCheckout(sessionId) };
  }

  return { t, fake, admin, post, deliver, checkedOut };
}
