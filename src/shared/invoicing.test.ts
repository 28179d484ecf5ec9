import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingZoneNote } from './billing-dates.ts';
import { utcDayAgo } from './dates.ts';
import { invoicingMessages, RecordPaymentSchema, recordPaymentSchema } from './invoicing.ts';

describe('RecordPaymentSchema', () => {
  const payment = { paidOn: utcDayAgo(1), method: 'check' };

  it('takes the dollars an admin types and gives cents, under a name that says so', () => {
    const parsed = RecordPaymentSchema.parse({ ...payment, amountDollars: 29.5 });
    expect(parsed).toEqual({ ...payment, amountCents: 2950, reference: '' });
    expect(RecordPaymentSchema.parse({ ...payment, amountDollars: 0.07 }).amountCents).toBe(7);
    expect(RecordPaymentSchema.parse({ ...payment, amountDollars: 1_000_000 }).amountCents).toBe(
      100_000_000,
    );
  });

  it('refuses fractions of a cent, nothing and more than a million, on the field typed', () => {
    for (const amountDollars of [10.005, 0, -1, 1_000_000.01]) {
      const result = RecordPaymentSchema.safeParse({ ...payment, amountDollars });
      expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['amountDollars'], invoicingMessages.amount],
      ]);
    }
  });
});

describe('recordPaymentSchema: the payment day is a day in the billing zone', () => {
  afterEach(() => vi.useRealTimers());
  const chicago = recordPaymentSchema('America/Chicago');
  const paying = (paidOn: string) =>
    chicago.safeParse({ amountDollars: 10, method: 'ach', paidOn });

  it("takes Chicago's today when UTC is already tomorrow, and refuses the day after", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-06T03:00:00Z')); // 9 PM on March 5 in Chicago
    expect(paying('2026-03-05').success).toBe(true);
    expect(paying('2026-03-06').error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['paidOn'], invoicingMessages.date],
    ]);
  });

  it("takes a zone east of UTC's today before UTC gets there", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T20:00:00Z')); // March 6 in Auckland
    const auckland = recordPaymentSchema('Pacific/Auckland');
    expect(
      auckland.safeParse({ amountDollars: 10, method: 'ach', paidOn: '2026-03-06' }).success,
    ).toBe(true);
  });

  it('names the zone once for people reading billing dates', () => {
    expect(billingZoneNote('America/Chicago')).toBe('Dates in Central Time.');
  });
});
