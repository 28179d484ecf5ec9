import { useId } from 'react';
import { complexityFactors } from '#shared/pricing.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { TextField } from '#web/components/field.tsx';
import { toast } from '#web/lib/toast.ts';
import { formatUsd } from '../shared/pricing-format.ts';
import type { LegalSuite } from './use-legal-suite.ts';

// Column two, below the fields: the pricing estimator (SPEC §9). Each complexity factor
// is counted (two API connections score 4); setup = 300 + 300 × score, first monthly =
// base + runs × per-run price, and the band the score falls in.

export function EstimatorCard({ suite }: { suite: LegalSuite }) {
  const { estimator, setEstimator, result } = suite;
  const headingId = useId();
  const setCount = (key: string, text: string) => {
    const count = Math.max(0, Math.min(99, Math.floor(Number(text) || 0)));
    setEstimator((state) => ({ ...state, factors: { ...state.factors, [key]: count } }));
  };
  const setAmount = (key: 'baseMonthly' | 'estRuns' | 'perRunSalePrice', text: string) =>
    setEstimator((state) => ({ ...state, [key]: text }));

  return (
    <section aria-labelledby={headingId}>
      <Card className="p-4 sm:p-5">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Pricing estimator
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Count each factor the project needs; the points add up to the complexity score.
        </p>

        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-medium text-slate-800">Complexity factors</legend>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {complexityFactors.map((factor) => {
              const inputId = `${headingId}-${factor.key}`;
              return (
                <li
                  key={factor.key}
                  className="flex items-center justify-between gap-3 px-3 py-1.5"
                >
                  <label htmlFor={inputId} className="min-w-0 text-sm text-slate-800">
                    {factor.label}
                    <span className="ml-1.5 text-xs text-slate-600 tabular-nums">
                      +{factor.points} each
                    </span>
                  </label>
                  <input
                    id={inputId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={99}
                    step={1}
                    value={String(estimator.factors[factor.key] ?? 0)}
                    onChange={(event) => setCount(factor.key, event.target.value)}
                    className="h-8 w-16 shrink-0 rounded-md border border-slate-300 bg-white px-2 text-right text-base tabular-nums shadow-sm sm:text-sm"
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>

        <div className="@container mt-4">
          <div className="grid gap-3 @md:grid-cols-3">
            <TextField
              label="Base monthly ($)"
              inputMode="decimal"
              value={estimator.baseMonthly}
              onChange={(event) => setAmount('baseMonthly', event.target.value)}
            />
            <TextField
              label="Expected runs"
              inputMode="numeric"
              value={estimator.estRuns}
              onChange={(event) => setAmount('estRuns', event.target.value)}
            />
            <TextField
              label="Per-run price ($)"
              inputMode="decimal"
              value={estimator.perRunSalePrice}
              onChange={(event) => setAmount('perRunSalePrice', event.target.value)}
            />
          </div>
        </div>

        <div aria-live="polite" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <div>
              <dt className="text-slate-600">Complexity score</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">{result.score}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Band</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {result.band?.name ?? 'None yet'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Setup fee</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                {formatUsd(result.setup)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">First monthly</dt>
              <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                {formatUsd(result.monthly)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-slate-700">
            {result.band
              ? `${result.band.name} projects usually run ${result.band.setup} setup and ${result.band.monthly} a month.`
              : 'Add complexity factors to place the project in a band.'}
          </p>
        </div>

        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-slate-600">
            Setup = $300 + $300 × score; first monthly = base + runs × per-run price.
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              suite.applyEstimate();
              toast({
                title: 'Estimate applied',
                text: 'Setup fee, monthly fee and per-run price fields now hold the estimate.',
                tone: 'success',
              });
            }}
          >
            Use in documents
          </Button>
        </div>
      </Card>
    </section>
  );
}
