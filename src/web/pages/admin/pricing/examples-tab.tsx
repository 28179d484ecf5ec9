import { complexityFactors, estimate, hybridExample } from '#shared/pricing.ts';
import { ScrollRegion } from '#web/components/scroll-region.tsx';
import { formatUsd } from '../shared/pricing-format.ts';
import { Section } from './pricing-sections.tsx';

// Worked examples (SPEC §9): the hybrid plan month by month, and two scored projects
// run through the same estimator the legal suite uses.

const runsScenarios = [8_000, 10_000, 12_500, 15_000];

const hybridMonth = (runs: number) =>
  hybridExample.monthly +
  Math.max(0, runs - hybridExample.includedRuns) * hybridExample.perExtraRun;

const projects = [
  {
    name: 'Lead capture to CRM',
    factors: { apiConnection: 1, filteringRule: 2, notifications: 1 },
    baseMonthly: 100,
    estRuns: 2_000,
    perRunSalePrice: 0.02,
  },
  {
    name: 'AI support triage with dashboard',
    factors: { apiConnection: 2, aiLlm: 1, database: 1, dashboard: 1, notifications: 1 },
    baseMonthly: 500,
    estRuns: 6_000,
    perRunSalePrice: 0.05,
  },
];

const label = (key: string) => complexityFactors.find((f) => f.key === key);
const number = new Intl.NumberFormat('en-US');

export function ExamplesTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Section
        title="Hybrid plan"
        intro={`${formatUsd(hybridExample.setup)} setup plus ${formatUsd(hybridExample.monthly)}/month including ${number.format(hybridExample.includedRuns)} runs, then ${formatUsd(hybridExample.perExtraRun)} per extra run.`}
      >
        <ScrollRegion
          label="Hybrid plan monthly invoice by runs"
          className="rounded-lg border border-slate-200"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Hybrid plan monthly invoice by runs</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 sm:px-4">
                  Runs in the month
                </th>
                <th scope="col" className="px-3 py-2.5 sm:px-4">
                  Monthly invoice
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-800 tabular-nums">
              {runsScenarios.map((runs) => (
                <tr key={runs}>
                  <td className="px-3 py-2.5 sm:px-4">{number.format(runs)}</td>
                  <td className="px-3 py-2.5 sm:px-4">{formatUsd(hybridMonth(runs))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </Section>
      <div className="space-y-6">
        {projects.map((project) => {
          const score = Object.entries(project.factors).reduce(
            (sum, [key, times]) => sum + (label(key)?.points ?? 0) * times,
            0,
          );
          const result = estimate({ complexityScore: score, ...project });
          return (
            <Section key={project.name} title={project.name}>
              <ul className="flex flex-wrap gap-2">
                {Object.entries(project.factors).map(([key, times]) => (
                  <li
                    key={key}
                    className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700"
                  >
                    {label(key)?.label} × {times}
                  </li>
                ))}
              </ul>
              <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <dt className="text-slate-600">Complexity score</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {score} ({result.band?.name})
                </dd>
                <dt className="text-slate-600">Setup fee</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {formatUsd(result.setup)}
                </dd>
                <dt className="text-slate-600">First monthly</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {formatUsd(result.monthly)}
                </dd>
              </dl>
              <p className="mt-3 text-xs text-slate-600">
                {formatUsd(project.baseMonthly)} base + {number.format(project.estRuns)} runs ×{' '}
                {formatUsd(project.perRunSalePrice)}.
              </p>
            </Section>
          );
        })}
      </div>
    </div>
  );
}
