import { describe, expect, it } from 'vitest';
import {
  amountText,
  dayText,
  emptyText,
  methodText,
  rowsText,
  statusText,
} from './books-format.ts';

describe('the books on screen', () => {
  it('says days, amounts and statuses as people read them', () => {
    expect(dayText('2026-03-05')).toBe('Mar 5, 2026');
    expect(amountText({ amount: -1250 })).toBe('-$12.50');
    expect(amountText({ amount: 123_456 })).toBe('$1,234.56');
    expect(statusText({ status: 'unpaid' })).toBe('Unpaid');
    expect(statusText({ status: '' })).toBe('');
    expect(methodText({ method: 'check', reference: '1042' })).toBe('Check, ref. 1042');
    expect(methodText({ method: 'credit', reference: '' })).toBe('Account credit');
    expect(methodText({ method: null, reference: '' })).toBe('');
  });

  it('names the range when it is empty, and the rows of a page', () => {
    expect(emptyText({ from: '2026-01-01', to: '2026-03-31' })).toBe(
      'No invoices, credit notes or payments between Jan 1, 2026 and Mar 31, 2026.',
    );
    expect(rowsText(0, 50, 50)).toBe('Rows 1–50');
    expect(rowsText(2, 7, 50)).toBe('Rows 101–107');
  });
});
