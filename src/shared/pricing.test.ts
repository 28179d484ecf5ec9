import { describe, expect, it } from 'vitest';
import { bandFor, complexityScore, estimate } from './pricing.ts';

describe('pricing estimator (SPEC §9)', () => {
  it('adds the complexity points of each factor', () => {
    expect(
      complexityScore({ apiConnection: 2, aiLlm: true, notifications: 1, multiTenant: false }),
    ).toBe(2 * 2 + 3 + 1);
    expect(complexityScore({})).toBe(0);
  });

  it('computes setup = 300 + 300 × score and the first monthly to two decimals', () => {
    expect(
      estimate({ complexityScore: 5, baseMonthly: 250, estRuns: 1234, perRunSalePrice: 0.015 }),
    ).toMatchObject({
      setup: 1800,
      monthly: 268.51,
    });
  });

  it('finds the band of a score', () => {
    expect(bandFor(3)?.name).toBe('Simple');
    expect(bandFor(4)?.name).toBe('Moderate');
    expect(bandFor(9)?.name).toBe('Advanced');
    expect(bandFor(12)?.name).toBe('Enterprise');
    expect(bandFor(40)?.name).toBe('Custom/Platform');
    expect(bandFor(0)).toBeNull();
  });
});
