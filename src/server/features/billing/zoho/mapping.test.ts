import { describe, expect, it } from 'vitest';
import {
  currentSubscriptionOf,
  dateFromZoho,
  invoiceStatusFromZoho,
  packageFromZoho,
  planFromZoho,
  statusFromZoho,
  toCents,
} from './mapping.ts';

describe('Zoho records in our terms', () => {
  it('keeps money in integer cents', () => {
    expect(toCents(29)).toBe(2900);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('maps plan codes or names to plans', () => {
    expect(planFromZoho('basic-monthly')).toBe('Basic');
    expect(planFromZoho('PRO_YEARLY')).toBe('Pro');
    expect(planFromZoho('NW-01', 'Pro Monthly')).toBe('Pro');
    expect(planFromZoho('professional')).toBeNull();
    expect(planFromZoho(undefined)).toBeNull();
  });

  it('maps subscription statuses', () => {
    expect(statusFromZoho('live')).toBe('active');
    expect(statusFromZoho('non_renewing')).toBe('active');
    expect(statusFromZoho('trial')).toBe('trialing');
    expect(statusFromZoho('dunning')).toBe('past_due');
    expect(statusFromZoho('future')).toBe('incomplete');
    expect(statusFromZoho('cancelled')).toBe('canceled');
    expect(statusFromZoho('expired')).toBe('canceled');
  });

  it('turns monthly and yearly plans into packages and skips others', () => {
    const plan = { plan_code: 'p', name: 'P', recurring_price: 79, interval: 1, status: 'active' };
    expect(packageFromZoho({ ...plan, interval_unit: 'months' })?.interval).toBe('month');
    expect(packageFromZoho({ ...plan, interval_unit: 'years' })?.interval).toBe('year');
    expect(packageFromZoho({ ...plan, interval: 12, interval_unit: 'months' })?.interval).toBe(
      'year',
    );
    expect(packageFromZoho({ ...plan, interval_unit: 'weeks' })).toBeNull();
    expect(packageFromZoho({ ...plan, interval_unit: 'months', status: 'inactive' })).toBeNull();
  });

  it('reads invoice statuses and dates', () => {
    const invoice = { invoice_id: 'i', number: 'n', invoice_date: '2024-01-01', total: 1 };
    expect(invoiceStatusFromZoho({ ...invoice, status: 'paid' })).toBe('paid');
    expect(invoiceStatusFromZoho({ ...invoice, status: 'overdue' })).toBe('unpaid');
    expect(invoiceStatusFromZoho({ ...invoice, status: 'void' })).toBe('void');
    expect(dateFromZoho('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(dateFromZoho('2024-02-29', '23:59:59')?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(dateFromZoho('not a date')).toBeNull();
    expect(dateFromZoho(null)).toBeNull();
  });
});

describe('the current subscription', () => {
  it('prefers one that is not over, then the newest', () => {
    const items = [
      {
        subscription_id: 'old-cancelled',
        status: 'cancelled',
        created_time: '2026-10-01T00:00:00Z',
      },
      { subscription_id: 'live', status: 'live', created_time: '2026-01-01T00:00:00Z' },
      { subscription_id: 'newer-expired', status: 'expired', created_time: '2026-11-01T00:00:00Z' },
    ];
    expect(currentSubscriptionOf(items)?.subscription_id).toBe('live');
    const over = items.filter((i) => i.status !== 'live');
    expect(currentSubscriptionOf(over)?.subscription_id).toBe('newer-expired');
    expect(currentSubscriptionOf([])).toBeNull();
  });

  it('keeps one in force over a newer one that is not yet (future, failed, paused)', () => {
    const live = { subscription_id: 'live', status: 'live', created_time: '2026-01-01T00:00:00Z' };
    for (const status of ['future', 'creation_failed', 'paused']) {
      const newer = { subscription_id: status, status, created_time: '2026-11-01T00:00:00Z' };
      expect(currentSubscriptionOf([newer, live])?.subscription_id, status).toBe('live');
      const cancelled = { ...live, status: 'cancelled' };
      expect(currentSubscriptionOf([cancelled, newer])?.subscription_id, status).toBe(status);
    }
  });
});
