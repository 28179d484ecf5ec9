import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { hybridExample } from '#shared/pricing.ts';
import { Button } from '#web/components/button.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { formatUsd } from '../shared/pricing-format.ts';
import {
  BandsTable,
  ComplexityTable,
  SlaTable,
  SpecialRequestNote,
  UsageWarningsList,
} from '../shared/reference-tables.tsx';

// The pricing guide beside the estimator (SPEC §2 Legal suite): the same tables as the
// pricing reference page, all drawn from #shared/pricing.ts.

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

export function PricingGuideModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog
      open={open}
      title="Pricing guide"
      description="Bands, complexity points, usage warnings and support tiers for quoting."
      size="xl"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <Part title="Pricing bands">
            <BandsTable />
          </Part>
          <Part title="Support tiers">
            <SlaTable />
          </Part>
          <SpecialRequestNote />
          {/* Also gives the scrolling body something to focus, so keyboards can scroll it. */}
          <p className="text-sm">
            <Link
              to={paths.adminPricing}
              className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Full pricing reference with worked examples
            </Link>
          </p>
        </div>
        <div className="space-y-6">
          <Part title="Complexity points">
            <ComplexityTable />
          </Part>
          <Part title="Usage warnings">
            <UsageWarningsList />
            <p className="mt-3 text-sm text-slate-700">
              Example hybrid: {formatUsd(hybridExample.setup)} setup plus{' '}
              {formatUsd(hybridExample.monthly)}/month including{' '}
              {hybridExample.includedRuns.toLocaleString('en-US')} runs,{' '}
              {formatUsd(hybridExample.perExtraRun)} per extra run.
            </p>
          </Part>
        </div>
      </div>
    </ModalDialog>
  );
}
