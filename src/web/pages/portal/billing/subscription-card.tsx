import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Invoice } from '#shared/billing-api.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';
import {
  type BillingState,
  billingStateOfStatus,
  billingStateWords,
  noPlanText,
  planShown,
} from '#shared/billing-states.ts';
import { formatDate } from '#shared/dates.ts';
import { BillingStateBadge } from '#web/components/billing-state-badge.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { messageOr } from '#web/lib/failure-text.ts';
import { openInNewTab } from '#web/lib/open-in-new-tab.ts';
import { toast } from '#web/lib/toast.ts';
import {
  type BillingStatus,
  billingCalls,
  billingStatusQuery,
  billingZoneQuery,
  invoicesQuery,
  subscriptionQuery,
} from './billing-api.ts';

// The subscription at a glance: status badge (SPEC §4), plan, period end, and the
// button that opens the billing portal in a new tab (SPEC §8 portal notices).

/** What to do next in each state, after the state's own sentence. */
const nextSteps: Record<BillingState, string> = {
  active: 'Use the billing portal to change or cancel your plan.',
  trial: 'Choose a plan below to keep your workflows running after it.',
  awaiting_payment: 'Pay Now below shows how to pay it.',
  no_plan: 'Choose a plan below to start your subscription.',
  past_due: 'Pay it below to keep running workflows.',
  cancelled: 'Choose a plan below to start again.',
  team_member: 'Ask the owner if you need a different plan.',
  not_billed: '',
};

function hintFor(state: BillingState, openInvoice: Invoice | undefined) {
  if (state === 'awaiting_payment' && openInvoice) {
    return `Your plan starts when invoice ${openInvoice.number} is paid. ${nextSteps[state]}`;
  }
  return `${billingStateWords[state].explanation} ${nextSteps[state]}`.trim();
}

function periodLabel(
  status: BillingStatus | undefined,
  end: string | null | undefined,
  ending: boolean,
) {
  if (!end) return 'Billing period';
  if (status === 'active') return ending ? 'Ends on' : 'Renews on';
  if (status === 'trial') return 'Trial ends on';
  return new Date(end).getTime() < Date.now() ? 'Period ended' : 'Current period ends';
}

export function SubscriptionCard() {
  const status = useQuery(billingStatusQuery());
  const subscription = useQuery(subscriptionQuery());
  const [opening, setOpening] = useState(false);
  const zoneQuery = useQuery(billingZoneQuery());
  const zone = zoneQuery.data;
  // Shown once the zone is known, so the day never flips from the browser's to billing's.
  const periodEnd = zoneQuery.isPending
    ? ''
    : formatDate(subscription.data?.currentPeriodEnd, zone);
  // Shared with the invoices list (one request): an open invoice changes what to say.
  const invoices = useQuery(invoicesQuery());
  const openInvoice = invoices.data?.find((invoice) => invoice.status === 'unpaid');
  // One honest status (shared/billing-states.ts), once the invoices say whether one is
  // open: no plan named and no portal while nothing is paid for, so a client never reads
  // that a plan runs before its invoice is paid.
  const state =
    status.data && !invoices.isPending
      ? billingStateOfStatus(status.data, openInvoice !== undefined)
      : undefined;
  const plan = state && subscription.data ? planShown(state, subscription.data.plan) : undefined;
  const hasPlan = state === 'active' || state === 'trial' || state === 'past_due';
  const ending = status.data === 'active' && subscription.data?.cancelAtPeriodEnd === true;
  const hint = ending
    ? `${subscription.data?.plan} until ${periodEnd}, then ends. Open the billing portal to keep it.`
    : state
      ? hintFor(state, openInvoice)
      : 'Your plan, status and renewal date.';

  const openPortal = async () => {
    setOpening(true);
    try {
      // The tab opens during the click so pop-up blockers allow it, then gets the address.
      await openInNewTab(async () => (await billingCalls.portalUrl()).url);
      toast({
        title: 'Opening Portal',
        text: 'The billing portal opens in a new tab.',
        tone: 'success',
      });
    } catch (error) {
      const text = messageOr(error, 'Failed to get portal URL', 'Failed to open billing portal');
      toast({ title: 'Error', text, tone: 'error' });
    } finally {
      setOpening(false);
    }
  };

  return (
    <section aria-labelledby="subscription-heading">
      <Card>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id="subscription-heading" className="text-lg font-semibold text-slate-900">
              Subscription
            </h2>
            <p className="mt-1 text-sm text-slate-600">{hint}</p>
          </div>
          {hasPlan ? (
            <Button
              variant="secondary"
              onClick={openPortal}
              disabled={opening}
              className="shrink-0 self-start"
            >
              {opening ? 'Opening…' : 'Open billing portal'}
              <ExternalIcon className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </Button>
          ) : null}
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-4 border-t border-slate-200 pt-5 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Status</dt>
            <dd className="mt-1">
              {state ? (
                <BillingStateBadge state={state} />
              ) : status.isPending || invoices.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <span className="text-slate-500">Unavailable</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Plan</dt>
            <dd className="mt-1 font-medium text-slate-900">
              {plan ??
                (state && subscription.data
                  ? noPlanText
                  : subscription.isPending || status.isPending || invoices.isPending
                    ? '…'
                    : 'Unavailable')}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-slate-600">
              {periodLabel(
                status.data,
                subscription.data?.currentPeriodEnd,
                subscription.data?.cancelAtPeriodEnd === true,
              )}
            </dt>
            <dd className="mt-1 font-medium text-slate-900">
              {periodEnd ||
                (subscription.isPending || zoneQuery.isPending ? '…' : 'No billing period yet')}
            </dd>
          </div>
        </dl>
        {periodEnd && zone ? (
          <p className="mt-3 text-xs text-slate-500">{billingZoneNote(zone)}</p>
        ) : null}
      </Card>
    </section>
  );
}
