import type { ReactNode } from 'react';
import {
  complexityFactors,
  pricingBands,
  SPECIAL_REQUEST_HOURLY_RATE,
  slaTiers,
  usageWarningSteps,
  usageWarnings,
} from '#shared/pricing.ts';
import { ScrollRegion } from '#web/components/scroll-region.tsx';
import { formatUsd, scoreRange } from './pricing-format.ts';

// The pricing reference tables (SPEC §9), drawn from #shared/pricing.ts so the pricing
// page, the legal suite's pricing guide and the estimator always agree.

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={caption} className="rounded-lg border border-slate-200">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2.5 sm:px-4">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const cell = 'px-3 py-2.5 sm:px-4';

export function BandsTable() {
  return (
    <Table caption="Pricing bands by complexity score" head={['Band', 'Score', 'Setup', 'Monthly']}>
      {pricingBands.map((band) => (
        <tr key={band.name}>
          <th scope="row" className={`${cell} font-semibold text-slate-900`}>
            {band.name}
          </th>
          <td className={`${cell} tabular-nums`}>{scoreRange(band)}</td>
          <td className={`${cell} tabular-nums`}>{band.setup}</td>
          <td className={`${cell} tabular-nums`}>{band.monthly}</td>
        </tr>
      ))}
    </Table>
  );
}

export function ComplexityTable() {
  return (
    <Table caption="Complexity points per factor" head={['Factor', 'Points']}>
      {complexityFactors.map((factor) => (
        <tr key={factor.key}>
          <th scope="row" className={`${cell} font-medium text-slate-900`}>
            {factor.label}
          </th>
          <td className={`${cell} tabular-nums`}>+{factor.points}</td>
        </tr>
      ))}
    </Table>
  );
}

export function SlaTable() {
  return (
    <Table caption="Support tiers" head={['Tier', 'First response', 'Price']}>
      {slaTiers.map((tier) => (
        <tr key={tier.name}>
          <th scope="row" className={`${cell} font-semibold text-slate-900`}>
            {tier.name}
          </th>
          <td className={cell}>{tier.response}</td>
          <td className={`${cell} tabular-nums`}>{tier.price}</td>
        </tr>
      ))}
    </Table>
  );
}

export function UsageWarningsList() {
  return (
    <div className="space-y-4">
      <ol className="space-y-2">
        {usageWarnings.map((warning) => (
          <li key={warning.at} className="flex items-center gap-3 text-sm text-slate-800">
            <span className="inline-flex h-7 w-14 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-900 tabular-nums">
              {warning.at}%
            </span>
            {warning.action}
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-700">
        Clients receive three warnings, at{' '}
        {usageWarningSteps.join(', ').replace(/, (\d+)$/, ' and $1')}% of their included runs.
      </p>
    </div>
  );
}

export function SpecialRequestNote() {
  return (
    <p className="text-sm text-slate-700">
      Special requests outside an agreed scope are billed at{' '}
      <strong className="text-slate-900">{formatUsd(SPECIAL_REQUEST_HOURLY_RATE)} per hour</strong>,
      with the client's approval first.
    </p>
  );
}
