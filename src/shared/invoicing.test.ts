import { describe, expect, it } from 'vitest';
import { utcDayAgo } from './dates.ts';
import { invoicingMessages, RecordPaymentSchema } from './invoicing.ts';

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
