import { useState } from 'react';
import type { PaySession } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { payCalls } from './pay-api.ts';
import { actionErrorText, usePayAction } from './use-pay-action.ts';

// Cancel the subscription, after a confirmation: it stops scheduled and manual runs
// until a plan is chosen again.

export function PortalCancel({
  session,
  token,
  disabled,
  onBusy,
}: {
  session: PaySession;
  token: string;
  disabled: boolean;
  onBusy: (busy: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = usePayAction(() => payCalls.cancel(token));
  const periodEnd = formatDate(session.subscription.currentPeriodEnd, session.billingTimeZone);
  // A paid period runs to its end; a plan pending or overdue ends at once.
  const end = session.subscription.currentPeriodEnd;
  const paidPeriod =
    session.subscription.status === 'active' && end !== null && Date.parse(end) > Date.now();

  return (
    <section aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="text-base font-semibold text-slate-900">
        Cancel subscription
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {paidPeriod
          ? `Your plan runs until ${periodEnd}, the end of the period you paid for, and then stops renewing.`
          : 'Workflows stop running on a schedule or by hand until you choose a plan again.'}
      </p>
      {cancel.isError ? (
        <div className="mt-4">
          <Alert title="Subscription not cancelled">{actionErrorText(cancel.error)}</Alert>
        </div>
      ) : null}
      <Button
        variant="secondary"
        className="mt-4"
        onClick={() => setAsking(true)}
        disabled={disabled || cancel.busy}
      >
        Cancel subscription
      </Button>
      <ConfirmModal
        open={asking}
        title="Cancel your subscription?"
        confirmLabel={cancel.busy ? 'Cancelling…' : 'Yes, cancel subscription'}
        busy={cancel.busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          onBusy(true);
          cancel.mutate(undefined, {
            onError: () => {
              onBusy(false);
              setAsking(false);
            },
          });
        }}
      >
        {paidPeriod
          ? `Your ${session.subscription.plan} plan runs until ${periodEnd}, then ends instead of renewing. You can undo this here until then.`
          : `Your ${session.subscription.plan} plan ends now. Scheduled and manual runs stop until you choose a plan again.`}
      </ConfirmModal>
    </section>
  );
}
