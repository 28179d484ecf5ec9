import type { PaySession } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { payCalls } from './pay-api.ts';
import { actionErrorText, usePayAction } from './use-pay-action.ts';

// A plan cancelled at the end of its paid period: said plainly, with the way back until
// then (keep the plan: it renews as before).

export function PortalResume({
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
  const resume = usePayAction(() => payCalls.resume(token));
  const { plan, currentPeriodEnd } = session.subscription;
  const periodEnd = formatDate(currentPeriodEnd, session.billingTimeZone);

  return (
    <section aria-labelledby="ending-heading">
      <h2 id="ending-heading" className="text-base font-semibold text-slate-900">
        {plan} until {periodEnd}, then ends
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your workflows run as usual until then. Changed your mind? Keep the plan and it renews on{' '}
        {periodEnd} as before.
      </p>
      {resume.isError ? (
        <div className="mt-4">
          <Alert title="Plan not resumed">{actionErrorText(resume.error)}</Alert>
        </div>
      ) : null}
      <Button
        className="mt-4"
        onClick={() => {
          onBusy(true);
          resume.mutate(undefined, { onError: () => onBusy(false) });
        }}
        disabled={disabled || resume.busy}
      >
        {resume.busy ? 'Keeping your plan…' : `Keep ${plan}`}
      </Button>
    </section>
  );
}
