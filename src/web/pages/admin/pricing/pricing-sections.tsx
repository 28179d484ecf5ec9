import type { ReactNode } from 'react';
import { Card } from '#web/components/card.tsx';
import {
  BandsTable,
  ComplexityTable,
  SlaTable,
  SpecialRequestNote,
  UsageWarningsList,
} from '../shared/reference-tables.tsx';

// The four tabs of the pricing reference (SPEC §2): overview, complexity, usage,
// examples. Every figure comes from #shared/pricing.ts.

export function Section({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

export function OverviewTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Section
        title="How we price"
        intro="Every project has a one-time setup fee and a monthly fee. Both follow from the project's complexity score; usage adds a per-run charge."
      >
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          <li>Score the project with the complexity points (Complexity tab).</li>
          <li>The score places it in a band with typical setup and monthly ranges.</li>
          <li>Setup fee estimate: $300 + $300 × complexity score.</li>
          <li>First monthly: base monthly + expected runs × per-run price.</li>
        </ul>
        <div className="mt-4">
          <SpecialRequestNote />
        </div>
      </Section>
      <Section
        title="Support tiers"
        intro="Response times and what each tier adds to the monthly fee."
      >
        <SlaTable />
      </Section>
      <div className="lg:col-span-2">
        <Section title="Pricing bands" intro="Typical ranges by complexity score.">
          <BandsTable />
        </Section>
      </div>
    </div>
  );
}

export function ComplexityTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Section
        title="Complexity points"
        intro="Add the points of every factor the project needs; count a factor again for each use (two API connections score 4)."
      >
        <ComplexityTable />
      </Section>
      <div className="space-y-6">
        <Section title="From score to setup fee">
          <p className="text-sm text-slate-700">
            Setup fee = <strong className="text-slate-900">$300 + $300 × score</strong>. A score of
            6 gives $300 + $1,800 = $2,100.
          </p>
        </Section>
        <Section title="From score to band">
          <BandsTable />
        </Section>
      </div>
    </div>
  );
}

export function UsageTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Section
        title="Usage thresholds"
        intro="What happens as a client uses up the runs included in their plan."
      >
        <UsageWarningsList />
      </Section>
      <Section title="Per-run pricing">
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            Monthly plans include a number of workflow runs. Runs beyond that are billed per run at
            the end of the month.
          </p>
          <p>
            First monthly invoice ={' '}
            <strong className="text-slate-900">base monthly + expected runs × per-run price</strong>
            , rounded to two decimals.
          </p>
          <p>
            Overage above 120% is billed automatically unless the client asks us to pause their
            workflows.
          </p>
        </div>
      </Section>
    </div>
  );
}
