import { describe, expect, it } from 'vitest';
import type {
  StripeInvoice,
  StripePrice,
  StripeSubscription,
} from '#server/integrations/stripe/client.ts';
import {
  currentOf,
  invoiceFromStripe,
  packageFromPrice,
  periodEndOf,
  planOfPrice,
  statusFromStripe,
} from './mapping.ts';

// Stripe objects as the portal reads them.

const price = (over: Partial<StripePrice> = {}) =>
  ({
    id: 'price_1',
    active: true,
    currency: 'usd',
    unit_amount: 2900,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
    lookup_key: 'basic_monthly',
    metadata: {},
    nickname: null,
    product: { id: 'prod_1', name: 'Basic Monthly', description: 'Basic.', active: true },
    ...over,
  }) as unknown as StripePrice;

describe('Stripe mapping', () => {
  it('maps every subscription status, and an unknown one to pending', () => {
    expect(
      [
        'active',
        'trialing',
        'past_due',
        'unpaid',
        'canceled',
        'incomplete',
        'incomplete_expired',
        'paused',
      ].map((s) => statusFromStripe(s as StripeSubscription['status'])),
    ).toEqual([
      'active',
      'trialing',
      'past_due',
      'past_due',
      'canceled',
      'incomplete',
      'canceled',
      'incomplete',
    ]);
    expect(statusFromStripe('future_state' as StripeSubscription['status'])).toBe('incomplete');
  });

  it('reads the plan from the metadata tag first, then the lookup key', () => {
    expect(planOfPrice({ metadata: { plan: 'Pro' }, lookup_key: 'basic_x' })).toBe('Pro');
    expect(planOfPrice({ metadata: {}, lookup_key: 'pro-yearly' })).toBe('Pro');
    expect(planOfPrice({ metadata: {}, lookup_key: 'basic_monthly' })).toBe('Basic');
    expect(planOfPrice({ metadata: {}, lookup_key: null })).toBeNull();
  });

  it('sells only active, monthly or yearly, USD Prices of a known plan', () => {
    expect(packageFromPrice(price())).toEqual({
      id: 'price_1',
      name: 'Basic Monthly',
      description: 'Basic.',
      price: 2900,
      interval: 'month',
      plan: 'Basic',
    });
    expect(packageFromPrice(price({ active: false }))).toBeNull();
    expect(packageFromPrice(price({ currency: 'eur' }))).toBeNull();
    expect(packageFromPrice(price({ lookup_key: null }))).toBeNull();
    expect(
      packageFromPrice(
        price({ recurring: { interval: 'month', interval_count: 3 } } as Partial<StripePrice>),
      ),
    ).toBeNull();
    expect(
      packageFromPrice(
        price({ recurring: { interval: 'week', interval_count: 1 } } as Partial<StripePrice>),
      ),
    ).toBeNull();
  });

  it('takes the period end from the items, and prefers a live subscription', () => {
    const sub = (status: string, created: number, end?: number) =>
      ({
        id: `sub_${status}`,
        status,
        created,
        items: { data: end ? [{ current_period_end: end }] : [] },
      }) as unknown as StripeSubscription;
    expect(periodEndOf(sub('active', 1, 1_800_000_000))?.toISOString()).toBe(
      '2027-01-15T08:00:00.000Z',
    );
    expect(periodEndOf(sub('active', 1))).toBeNull();
    expect(currentOf([sub('canceled', 5), sub('past_due', 1)])?.id).toBe('sub_past_due');
    expect(currentOf([sub('canceled', 1), sub('incomplete_expired', 9)])?.id).toBe(
      'sub_incomplete_expired',
    );
  });

  it('counts a running subscription before one being paid for, and the newest of equals', () => {
    const sub = (id: string, status: string, created: number) =>
      ({ id, status, created, items: { data: [] } }) as unknown as StripeSubscription;
    // A newer checkout still waiting for its payment does not replace the plan that runs.
    expect(currentOf([sub('sub_new', 'incomplete', 9), sub('sub_old', 'active', 1)])?.id).toBe(
      'sub_old',
    );
    expect(currentOf([sub('sub_a', 'active', 1), sub('sub_b', 'trialing', 5)])?.id).toBe('sub_b');
    expect(currentOf([sub('sub_ended', 'canceled', 9), sub('sub_unpaid', 'unpaid', 1)])?.id).toBe(
      'sub_unpaid',
    );
    // Created in the same second: Stripe's order (newest first) decides.
    expect(currentOf([sub('sub_second', 'active', 5), sub('sub_first', 'active', 5)])?.id).toBe(
      'sub_second',
    );
    expect(currentOf([])).toBeNull();
  });

  it('lists finalised invoices; the payment page only for an open one and a real client', () => {
    const invoice = (status: string) =>
      ({
        id: 'in_1',
        number: 'A-0001',
        status,
        total: 2900,
        created: 1_800_000_000,
        due_date: null,
        invoice_pdf: 'https://pay.example/pdf',
        hosted_invoice_url: 'https://pay.example/i',
        lines: { data: [{ description: '1 × Basic Monthly' }] },
      }) as unknown as StripeInvoice;
    expect(invoiceFromStripe(invoice('draft'), true)).toBeNull();
    expect(invoiceFromStripe(invoice('open'), true)).toMatchObject({
      status: 'unpaid',
      paymentUrl: 'https://pay.example/i',
      pdfUrl: 'https://pay.example/pdf',
      description: '1 × Basic Monthly',
    });
    expect(invoiceFromStripe(invoice('open'), false)?.paymentUrl).toBeNull();
    expect(invoiceFromStripe(invoice('uncollectible'), true)?.status).toBe('void');
  });
});
