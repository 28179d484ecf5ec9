import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { createStripeClient } from '#server/integrations/stripe/client.ts';
import {
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
} from '#test/support/fake-stripe.ts';
import { buildStripeApp } from '#test/support/stripe-app.ts';
import { build } from '#test/support/test-app.ts';

// Stripe Checkout asks every client for the billing address; with STRIPE_AUTOMATIC_TAX it
// has Stripe Tax add the tax, letting Checkout save that address onto the customer made
// beforehand without one, which Stripe otherwise refuses.

/** The Stripe-billed app as buildStripeApp makes it, with STRIPE_AUTOMATIC_TAX=true. */
async function buildTaxedApp() {
  const fake = await startFakeStripe();
  afterAll(() => fake.close());
  const config = loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    STRIPE_AUTOMATIC_TAX: 'true',
  });
  const stripe = createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiUrl: fake.url });
  const t = await build({
    config,
    integrations: {
      n8n: createWebhookCaller({ allowPrivate: true, timeoutMs: 2_000 }),
      mailer: null,
      stripe,
    },
  });
  return { t, fake, stripe };
}

const plain = await buildStripeApp();
const taxed = await buildTaxedApp();

/** The client checks out the first package; the request the fake received for it. */
async function checkout(app: typeof plain | typeof taxed) {
  const { token } = await app.t.registerClient();
  const selected = await app.t.injectAs(token, {
    method: 'POST',
    url: '/api/zoho/select-package',
    payload: { packageId: app.fake.prices[0]!.id },
  });
  expect(selected.statusCode, selected.body).toBe(200);
  const request = app.fake.received.findLast(
    (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
  );
  return { request: request!.body, session: [...app.fake.sessions.values()].at(-1)! };
}

describe('Stripe Checkout address and tax', () => {
  it('asks for the billing address, without automatic tax by default', async () => {
    const { request, session } = await checkout(plain);
    expect(request.billing_address_collection).toBe('required');
    expect(request).not.toHaveProperty('automatic_tax');
    expect(request).not.toHaveProperty('customer_update');
    expect(session).toMatchObject({
      billing_address_collection: 'required',
      automatic_tax: { enabled: false },
    });
  });

  it('with STRIPE_AUTOMATIC_TAX, has Stripe Tax add the tax and save the address entered', async () => {
    const { request, session } = await checkout(taxed);
    expect(request).toMatchObject({
      billing_address_collection: 'required',
      automatic_tax: { enabled: 'true' },
      customer_update: { address: 'auto' },
    });
    // The name stays the one the customer was made with (the company's).
    expect(request.customer_update).not.toHaveProperty('name');
    expect(session).toMatchObject({ automatic_tax: { enabled: true } });
  });

  it('is refused by Stripe for a customer without an address unless Checkout may save one', async () => {
    const { stripe } = taxed;
    const customer = await stripe.customers.create({ email: 'no-address@example.test' });
    const params = {
      mode: 'subscription' as const,
      customer: customer.id,
      line_items: [{ price: taxed.fake.prices[0]!.id as string, quantity: 1 }],
      automatic_tax: { enabled: true },
      success_url: 'http://localhost:3000/billing',
    };
    const refused = await stripe.checkout.sessions.create(params).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: expect.stringContaining(
        'Automatic tax calculation in Checkout requires a valid address on the Customer.',
      ),
    });
    const saved = await stripe.checkout.sessions.create({
      ...params,
      customer_update: { address: 'auto' },
    });
    expect(saved.automatic_tax.enabled).toBe(true);
  });
});
