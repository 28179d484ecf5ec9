import { complexityScore, estimate } from '#shared/pricing.ts';

// The estimator's inputs as the form holds them (text, so a half-typed "0." survives)
// and the numbers they give (SPEC §9: setup = 300 + 300 × score; first monthly = base +
// runs × per-run price, rounded to two decimals).

export interface EstimatorState {
  factors: Record<string, number>;
  baseMonthly: string;
  estRuns: string;
  perRunSalePrice: string;
}

export const initialEstimator: EstimatorState = {
  factors: {},
  baseMonthly: '100',
  estRuns: '1000',
  perRunSalePrice: '0.02',
};

/** A non-negative number from a field; anything else counts as zero. */
export const amount = (text: string) => {
  const n = Number(text.trim().replaceAll(',', ''));
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function estimateFrom(state: EstimatorState) {
  const score = complexityScore(state.factors);
  const numbers = {
    baseMonthly: amount(state.baseMonthly),
    estRuns: amount(state.estRuns),
    perRunSalePrice: amount(state.perRunSalePrice),
  };
  return { score, ...numbers, ...estimate({ complexityScore: score, ...numbers }) };
}

export type Estimate = ReturnType<typeof estimateFrom>;
