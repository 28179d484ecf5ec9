import { describe, expect, it } from 'vitest';
import {
  billedText,
  billingStatusLabel,
  planIncludes,
  priceText,
  recommendedPackageId,
  subscriptionChipTone,
} from './billing-format.ts';
import { planCapabilities } from './plans.ts';

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

describe('planIncludes and recommendedPackageId', () => {
  it('say what a plan includes with the numbers the product enforces', () => {
    expect(planIncludes('Basic')).toEqual([
      `Schedules as often as every ${planCapabilities.Basic.scheduleMinIntervalMinutes} minutes`,
      'Workflows from the catalog on request',
      `Run history kept ${planCapabilities.Basic.logsRetentionDays} days`,
    ]);
    expect(planIncludes('Pro')).toContain('Team seats for your colleagues');
    expect(planIncludes('Pro')).toContain('Run history kept 30 days');
  });

  it('recommend the monthly Pro package', () => {
    const list = [
      { id: 'b', plan: 'Basic' as const, interval: 'month' as const },
      { id: 'py', plan: 'Pro' as const, interval: 'year' as const },
      { id: 'pm', plan: 'Pro' as const, interval: 'month' as const },
    ];
    expect(recommendedPackageId(list)).toBe('pm');
    expect(recommendedPackageId(list.slice(0, 1))).toBeUndefined();
  });
});
