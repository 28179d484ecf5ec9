import { describe, expect, it } from 'vitest';
import { formatCents } from './billing.ts';

describe('formatCents: money from the server in cents, shown as dollars (SPEC §9)', () => {
  it('always shows two decimals', () => {
    expect(formatCents(2900)).toBe('$29.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1999)).toBe('$19.99');
  });

  it('groups thousands', () => {
    expect(formatCents(79000)).toBe('$790.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('shows a credit as a negative amount', () => {
    expect(formatCents(-2500)).toBe('-$25.00');
  });
});
