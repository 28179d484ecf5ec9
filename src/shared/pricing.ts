// The pricing reference and the legal suite's estimator (SPEC §9). Plain data and
// arithmetic, shared by the admin pricing page, the legal form and the server.

export interface ComplexityFactor {
  key: string;
  label: string;
  points: number;
}

export const complexityFactors: ComplexityFactor[] = [
  { key: 'apiConnection', label: 'API connection', points: 2 },
  { key: 'filteringRule', label: 'Filtering rule', points: 1 },
  { key: 'database', label: 'Database', points: 2 },
  { key: 'aiLlm', label: 'AI / LLM', points: 3 },
  { key: 'dashboard', label: 'Dashboard', points: 2 },
  { key: 'notifications', label: 'Notifications', points: 1 },
  { key: 'advancedAuth', label: 'Advanced auth', points: 1 },
  { key: 'fileHandling', label: 'File handling', points: 1 },
  { key: 'customApi', label: 'Custom API', points: 2 },
  { key: 'chaining', label: 'Chaining', points: 2 },
  { key: 'realTimeSync', label: 'Real-time sync', points: 2 },
  { key: 'multiTenant', label: 'Multi-tenant isolation', points: 3 },
];

export interface PricingBand {
  name: string;
  minScore: number;
  maxScore: number | null;
  setup: string;
  monthly: string;
}

export const pricingBands: PricingBand[] = [
  { name: 'Simple', minScore: 1, maxScore: 3, setup: '$500-1,500', monthly: '$50-100' },
  { name: 'Moderate', minScore: 4, maxScore: 6, setup: '$1,500-3,000', monthly: '$100-250' },
  { name: 'Advanced', minScore: 7, maxScore: 9, setup: '$3,000-6,000', monthly: '$250-500' },
  { name: 'Enterprise', minScore: 10, maxScore: 12, setup: '$6,000-10,000', monthly: '$500-750' },
  { name: 'Custom/Platform', minScore: 13, maxScore: null, setup: '$10,000+', monthly: '$1,000+' },
];

export const SPECIAL_REQUEST_HOURLY_RATE = 100;

export const slaTiers = [
  { name: 'Standard', response: '48-72 hours', price: 'Included' },
  { name: 'Priority', response: '24 hours', price: '+$150/mo' },
  { name: 'Enterprise', response: 'Under 4 hours', price: '+$500+/mo' },
] as const;

export const usageWarnings = [
  { at: 80, action: 'Email warning' },
  { at: 100, action: 'Notify and throttle non-critical tasks' },
  { at: 120, action: 'Auto-bill overage unless paused' },
] as const;
export const usageWarningSteps = [80, 95, 110] as const;

export const hybridExample = {
  setup: 3000,
  monthly: 250,
  includedRuns: 10_000,
  perExtraRun: 0.15,
} as const;

/** Points for the chosen factors, counting a factor once per use (counts default to 1). */
export function complexityScore(counts: Record<string, number | boolean | undefined>): number {
  return complexityFactors.reduce((sum, factor) => {
    const value = counts[factor.key];
    const times = typeof value === 'boolean' ? Number(value) : Math.max(0, Math.floor(value ?? 0));
    return sum + times * factor.points;
  }, 0);
}

export function bandFor(score: number): PricingBand | null {
  return (
    pricingBands.find((b) => score >= b.minScore && (b.maxScore === null || score <= b.maxScore)) ??
    null
  );
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Setup fee = 300 + 300 × score; first monthly = base + runs × per-run price (SPEC §9). */
export function estimate(input: {
  complexityScore: number;
  baseMonthly: number;
  estRuns: number;
  perRunSalePrice: number;
}) {
  const score = Math.max(0, input.complexityScore);
  return {
    setup: round2(300 + 300 * score),
    monthly: round2(input.baseMonthly + input.estRuns * input.perRunSalePrice),
    band: bandFor(score),
  };
}
