import { describe, expect, it } from 'vitest';
import { dollarsOf } from './books-csv.ts';

describe('amounts in books.csv', () => {
  it('are dollars with two decimals, signed, exact', () => {
    expect(dollarsOf(0n)).toBe('0.00');
    expect(dollarsOf(5n)).toBe('0.05');
    expect(dollarsOf(-1250n)).toBe('-12.50');
    expect(dollarsOf(123_456_789n)).toBe('1234567.89');
    expect(dollarsOf(-99n)).toBe('-0.99');
  });
});
