import { describe, expect, it } from 'vitest';
import {
  billedText,
  billingStatusLabel,
  priceText,
  subscriptionChipTone,
} from './billing-format.ts';

describe('billingStatusLabel (SPEC §4)', () => {
  it('capitalises and shows underscores as spaces', () => {
    expect(billingStatusLabel('past_due')).toBe('Past due');
    expect(billingStatusLabel('active')).toBe('Active');
    expect(billingStatusLabel('cancelled')).toBe('Cancelled');
    expect(billingStatusLabel('')).toBe('Unknown');
  });
});

describe('prices and dates', () => {
  it('shows a package price in dollars per interval', () => {
    expect(priceText({ price: 2900, interval: 'month' })).toBe('$29.00 / month');
    expect(priceText({ price: 79000, interval: 'year' })).toBe('$790.00 / year');
    expect(billedText('year')).toBe('Billed yearly');
    expect(billedText('month')).toBe('Billed monthly');
  });

  it('colours admin chips: active green, trialing blue, others amber', () => {
    expect(subscriptionChipTone('active')).toBe('green');
    expect(subscriptionChipTone('trialing')).toBe('blue');
    for (const status of ['past_due', 'incomplete', 'canceled', 'no_subscription']) {
      expect(subscriptionChipTone(status)).toBe('amber');
    }
  });
});
