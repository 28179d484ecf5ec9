import { useState } from 'react';
import { formatCents, isSubscriptionRunning } from '#shared/billing.ts';
import type { PaySession } from '#shared/billing-api.ts';
import { priceText } from '#shared/billing-format.ts';
import { billingStateOfStatus } from '#shared/billing-states.ts';
import { formatDate } from '#shared/dates.ts';
import type { SubscriptionStatus } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { BillingStateBadge } from '#web/components/billing-state-badge.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { BilledTo, DetailList, DetailRow, ZoneNote } from './shared/pay-details.tsx';
import { PayPage } from './shared/pay-page.tsx';
import { PortalCancel } from './shared/portal-cancel.tsx';
import { PortalChange } from './shared/portal-change.tsx';
import { PortalResume } from './shared/portal-resume.tsx';

// The local billing provider's portal (/pay/portal/:token): the current plan, asking for
// another package (an upgrade is invoiced, a downgrade waits for the renewal), and
// cancelling (after a confirmation: a paid period runs to its end and can be resumed).

export const meta = () => pageMeta('Billing portal', 'Change or cancel your plan.');

function Portal({ session, token }: { session: PaySession; token: string }) {
  // One action per link: once one starts, the other waits.
  const [busy, setBusy] = useState(false);
  const { subscription } = session;
  const status = subscription.status as SubscriptionStatus;
  const running = isSubscriptionRunning(status);
  const ending = subscription.cancelAtPeriodEnd;
  const canCancel = !ending && (running || status === 'past_due' || status === 'incomplete');
  const waiting = session.invoice;
  const periodEnd = formatDate(subscription.currentPeriodEnd, session.billingTimeZone);
  const next = subscription.scheduledPackage;
  const periodLabel = ending ? 'Ends on' : running ? 'Renews on' : 'Period ends';

  return (
    <div className="space-y-8">
      <section aria-labelledby="current-heading">
        <h2 id="current-heading" className="text-base font-semibold text-slate-900">
          Current plan
        </h2>
        <div className="mt-3">
          <DetailList>
            <DetailRow label="Plan">
              {session.package ? session.package.name : `${subscription.plan} plan`}
            </DetailRow>
            {session.package ? (
              <DetailRow label="Price">{priceText(session.package)}</DetailRow>
            ) : null}
            <DetailRow label="Status">
              <BillingStateBadge
                state={billingStateOfStatus(subscription.billingStatus, waiting !== null)}
              />
            </DetailRow>
            {periodEnd ? <DetailRow label={periodLabel}>{periodEnd}</DetailRow> : null}
            {next && periodEnd ? (
              <DetailRow label="Then">
                {next.name} ({priceText(next)}) from {periodEnd}
              </DetailRow>
            ) : null}
            <BilledTo client={session.client} />
          </DetailList>
          {periodEnd ? <ZoneNote timeZone={session.billingTimeZone} /> : null}
        </div>
      </section>

      {ending ? (
        <PortalResume session={session} token={token} disabled={busy} onBusy={setBusy} />
      ) : waiting && !waiting.replaceable ? (
        <Alert tone="info" title="Invoice waiting for payment">
          Invoice {waiting.number} (
          {formatCents(waiting.amount - waiting.amountPaid - waiting.amountCredited)}) is open. Pay
          it as shown on the invoice (Pay Now in Billing): another plan can be chosen once it is
          paid, or contact us to correct it.
        </Alert>
      ) : waiting ? (
        <>
          <Alert tone="info" title="Invoice waiting for payment">
            Invoice {waiting.number} (
            {formatCents(waiting.amount - waiting.amountPaid - waiting.amountCredited)}) is open.
            Pay it as shown on the invoice (Pay Now in Billing), or choose another plan below: it
            replaces this invoice.
          </Alert>
          <PortalChange
            session={session}
            token={token}
            running={running}
            disabled={busy}
            onBusy={setBusy}
          />
        </>
      ) : (
        <PortalChange
          session={session}
          token={token}
          running={running}
          disabled={busy}
          onBusy={setBusy}
        />
      )}

      {canCancel ? (
        <div className="border-t border-slate-200 pt-8">
          <PortalCancel session={session} token={token} disabled={busy} onBusy={setBusy} />
        </div>
      ) : null}
    </div>
  );
}

export default function PayPortalPage() {
  return (
    <PayPage
      kind="portal"
      label="Billing portal"
      title="Manage your subscription"
      description={(session) =>
        `Change or cancel the plan of ${session.client.companyName ?? session.client.name}.`
      }
    >
      {(session, token) => <Portal session={session} token={token} />}
    </PayPage>
  );
}
