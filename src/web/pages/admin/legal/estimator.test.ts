import { describe, expect, it } from 'vitest';
import { amount, estimateFrom, initialEstimator } from './estimator.ts';

describe('estimateFrom (SPEC §9)', () => {
  it('prices setup at 300 + 300 × score and names the band', () => {
    const result = estimateFrom({
      ...initialEstimator,
      factors: { apiConnection: 2, aiLlm: 1 },
    });
    expect(result.score).toBe(7);
    expect(result.setup).toBe(2400);
    expect(result.band?.name).toBe('Advanced');
  });

  it('prices the first monthly as base + runs × per-run price, to the cent', () => {
    const result = estimateFrom({
      factors: {},
      baseMonthly: '99.99',
      estRuns: '1,234',
      perRunSalePrice: '0.015',
    });
    expect(result.monthly).toBe(118.5);
    expect(result.setup).toBe(300);
    expect(result.band).toBeNull();
  });

  it('reads blank, negative and non-numeric amounts as zero', () => {
    expect(amount('')).toBe(0);
    expect(amount('-5')).toBe(0);
    expect(amount('abc')).toBe(0);
    expect(amount(' 12.5 ')).toBe(12.5);
  });
});
