import { describe, expect, it } from 'vitest';
import { buildStripeApp } from '#test/support/stripe-app.ts';

// The client's Stripe customer when Stripe's answer to creating it never arrives: Stripe
// made the customer, the portal does not know its id, and the client clicks again. The fake
// refuses a reused idempotency key with other parameters, as Stripe does for a day.

const { t, fake, admin, post } = await buildStripeApp();
const select = (token: string) =>
  post(token, '/api/zoho/select-package', { packageId: fake.prices[0]!.id });
const customersOf = (userId: string) =>
  [...fake.customers.values()].filter((c) => (c.metadata as { userId?: string }).userId === userId);
/** Every try the library makes (the first and its two retries) loses its answer. */
const loseCustomerAnswers = () => fake.loseAnswers('POST /v1/customers', 3);

describe('Stripe customer after a lost answer', () => {
  it('is the same customer when the client clicks again with the same details', async () => {
    const { token, user } = await t.registerClient({ companyName: 'Same Details Co' });
    loseCustomerAnswers();
    expect((await select(token)).statusCode).toBe(502);
    const again = await select(token);
    expect(again.statusCode, again.body).toBe(200);
    expect(customersOf(user._id)).toHaveLength(1);
  });

  it('checks out once the company name is corrected, under the corrected name', async () => {
    const { token, user } = await t.registerClient({ companyName: 'Acme Tpyo' });
    loseCustomerAnswers();
    expect((await select(token)).statusCode).toBe(502);
    const corrected = await t.injectAs(admin.token, {
      method: 'PATCH',
      url: `/api/admin/clients/${user._id}/company`,
      payload: { companyName: 'Acme Typo Fixed', companyCode: null },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const again = await select(token);
    expect(again.statusCode, again.body).toBe(200);
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session.client_reference_id).toBe(user._id);
    expect(fake.customers.get(session.customer as string)?.name).toBe('Acme Typo Fixed');
  });
});
