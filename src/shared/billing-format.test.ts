import { describe, expect, it } from 'vitest';
import { billedText, billingStatusLabel, formatBillingDate, priceText } from './billing-format.ts';

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

  it('formats a server date and tolerates none', () => {
    expect(formatBillingDate('2025-03-05T12:00:00.000Z')).toBe('Mar 5, 2025');
    expect(formatBillingDate(null)).toBeNull();
    expect(formatBillingDate('not a date')).toBeNull();
  });
});
