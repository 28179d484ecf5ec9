import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Account } from '#shared/account.ts';
import { brand } from '#shared/brand.ts';
import { formatDate } from '#shared/dates.ts';
import { manualRunsOffText } from '#shared/manual-runs.ts';
import { paths } from '#shared/paths.ts';
import { type ManualRunGate, manualRunGateTexts } from '#shared/run-policy.ts';
import { Button } from '#web/components/button.tsx';
import { manualRunsQuery, useAskForManualRuns } from './manual-runs-api.ts';

// Why Run is not offered (or will send to Billing), said once above the list, with the
// one thing to do about it: ask for manual runs in place, or choose a plan.

export const MANUAL_RUNS_NOTE_ID = 'manual-runs-note';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      id={MANUAL_RUNS_NOTE_ID}
      className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between"
    >
      {children}
    </div>
  );
}

/** Ask for manual runs, or when the account asked already, since when it waits. */
function AskForManualRuns() {
  const state = useQuery(manualRunsQuery(true));
  const ask = useAskForManualRuns();
  const open = state.data?.request;
  if (state.isPending) return null;
  if (open) {
    return (
      <p className="shrink-0 font-medium text-slate-900">
        Requested on <time dateTime={open.createdAt}>{formatDate(open.createdAt)}</time>
      </p>
    );
  }
  return (
    <Button
      size="sm"
      className="shrink-0 self-start sm:self-auto"
      onClick={() => ask.mutate()}
      disabled={ask.isPending}
    >
      {ask.isPending ? 'Asking…' : 'Ask for manual runs'}
    </Button>
  );
}

export function ManualRunsNote({
  gate,
  account,
}: {
  gate: ManualRunGate;
  account: Account | null;
}) {
  if (gate === 'allowed') return null;
  if (gate === 'not-enabled') {
    return (
      <Frame>
        <p>{manualRunsOffText(brand.name)}</p>
        <AskForManualRuns />
      </Frame>
    );
  }
  const trial = gate === 'trial';
  const owner = account?.canManageBilling ?? true;
  return (
    <Frame>
      <p>
        {trial
          ? owner
            ? manualRunGateTexts.trial
            : manualRunGateTexts.trialMember
          : manualRunGateTexts.inactive}
      </p>
      {owner ? (
        <Link to={paths.billing} className={`shrink-0 ${linkClass}`}>
          {trial ? manualRunGateTexts.trialAction : manualRunGateTexts.inactiveAction}
        </Link>
      ) : null}
    </Frame>
  );
}
