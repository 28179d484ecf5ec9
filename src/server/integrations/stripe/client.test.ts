import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, startFakeStripe } from '#test/support/fake-stripe.ts';
import { createStripeClient } from './client.ts';

// Stripe keeps the first answer to a keyed POST for a day and gives it again to the same
// request; the same key on another request is an error, not a replay. The library, as the
// product configures it, keys every POST itself and retries a lost answer with that key.

let clock = Date.now();
const fake = await startFakeStripe({ now: () => clock });
const stripe = createStripeClient({ secretKey: FAKE_STRIPE_KEY, apiUrl: fake.url });
const person = (name: string) => ({ name, email: 'pat@example.test' });

describe('stripe client idempotency', () => {
  it('answers the same keyed request again with the first answer, marked as a replay', async () => {
    const first = await stripe.customers.create(person('Pat'), { idempotencyKey: 'same-1' });
    const again = await stripe.customers.create(person('Pat'), { idempotencyKey: 'same-1' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect([...fake.customers.values()].filter((c) => c.id === first.id)).toHaveLength(1);
  });

  it('refuses a key used again with other parameters, as Stripe does', async () => {
    await stripe.customers.create(person('Pat'), { idempotencyKey: 'params-1' });
    const before = fake.customers.size;
    await expect(
      stripe.customers.create(person('Pat Renamed'), { idempotencyKey: 'params-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      rawType: 'idempotency_error',
      statusCode: 400,
      message:
        'Keys for idempotent requests can only be used with the same parameters they were ' +
        "first used with. Try using a key other than 'params-1' if you meant to execute a " +
        'different request.',
    });
    expect(fake.customers.size).toBe(before);
  });

  it('refuses a key used again on another endpoint', async () => {
    const customer = await stripe.customers.create(person('Pat'), { idempotencyKey: 'path-1' });
    await expect(
      stripe.billingPortal.sessions.create(
        { customer: customer.id, return_url: 'http://localhost/billing' },
        { idempotencyKey: 'path-1' },
      ),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
      message: expect.stringContaining("('/v1/customers' vs '/v1/billing_portal/sessions')"),
    });
  });

  it('forgets a key after 24 hours: the same key then makes a new request', async () => {
    const first = await stripe.customers.create(person('Pat'), { idempotencyKey: 'day-1' });
    clock += 24 * 60 * 60 * 1000;
    const later = await stripe.customers.create(person('Pat Renamed'), {
      idempotencyKey: 'day-1',
    });
    expect(later.id).not.toBe(first.id);
    expect(later.name).toBe('Pat Renamed');
  });

  it('retries a lost answer under its own key: one customer, not two', async () => {
    const before = fake.customers.size;
    fake.loseAnswers('POST /v1/customers', 1);
    const customer = await stripe.customers.create(person('Lost Once'));
    expect(fake.customers.size).toBe(before + 1);
    const [lost, retried] = fake.received.filter((r) => r.body.name === 'Lost Once');
    expect(retried?.idempotencyKey).toBe(lost?.idempotencyKey);
    expect(customer.lastResponse.headers['idempotent-replayed']).toBe('true');
  });
});
