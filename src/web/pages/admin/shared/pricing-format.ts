import { formatCents } from '#shared/billing.ts';
import type { PricingBand } from '#shared/pricing.ts';

/** Dollars (the estimator works in dollars) shown with two decimals, as money is everywhere. */
export const formatUsd = (dollars: number) => formatCents(Math.round(dollars * 100));

/** "1-3", "13+": the band's score range. */
export const scoreRange = (band: PricingBand) =>
  band.maxScore === null ? `${band.minScore}+` : `${band.minScore}-${band.maxScore}`;
