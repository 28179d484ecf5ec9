import { formatCents } from '#shared/billing.ts';
import type { PaySession } from '#shared/billing-api.ts';
import { billedText } from '#shared/billing-format.ts';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { PadlockIcon } from '#web/components/icons.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { payCalls } from './shared/pay-api.ts';
import { BilledTo, DetailList, DetailRow } from './shared/pay-details.tsx';
import { PayPage } from './shared/pay-page.tsx';
import { actionErrorText, usePayAction } from './shared/use-pay-action.ts';

// The local billing provider's checkout (/pay/checkout/:token): the package, its price
// and interval, who it is for, and Confirm and pay.

export const meta = () => pageMeta('Secure checkout', 'Confirm your plan and pay.');

function Checkout({ session, token }: { session: PaySession; token: string }) {
  const confirm = usePayAction(() => payCalls.confirm(token));
  const pkg = session.package;
  if (!pkg)
    return <Alert>That package is no longer on sale. Go back to Billing and choose another.</Alert>;
  const total = formatCents(pkg.price);

  return (
    <>
      <section aria-labelledby="package-heading" className="rounded-lg bg-brand-50 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
              Your plan
            </p>
            <h2 id="package-heading" className="mt-1 text-lg font-semibold text-slate-900">
              {pkg.name}
            </h2>
          </div>
          <p className="text-right">
            <span className="text-2xl font-bold text-slate-900">{total}</span>
            <span className="text-sm text-slate-600"> / {pkg.interval}</span>
          </p>
        </div>
        <p className="mt-2 text-sm text-slate-700">{pkg.description}</p>
      </section>

      <div className="mt-6">
        <DetailList>
          <BilledTo client={session.client} />
          <DetailRow label="Billing">{billedText(pkg.interval)}, renews until you cancel</DetailRow>
          <DetailRow label="Due today" strong>
            {total}
          </DetailRow>
        </DetailList>
      </div>

      {confirm.isError ? (
        <div className="mt-6">
          <Alert title="Payment not completed">{actionErrorText(confirm.error)}</Alert>
        </div>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Button
          size="lg"
          className="sm:flex-1"
          onClick={() => confirm.mutate()}
          disabled={confirm.busy}
        >
          <PadlockIcon />
          {confirm.busy ? 'Processing payment…' : `Confirm and pay ${total}`}
        </Button>
        <ButtonLink to={paths.billing} variant="secondary" size="lg">
          Cancel
        </ButtonLink>
      </div>
      <p className="mt-4 text-xs text-slate-500">
        Payment is taken by {brand.shortName}'s built-in billing and an invoice is issued at once.
        Change or cancel any time from the billing portal.
      </p>
    </>
  );
}

export default function CheckoutPage() {
  return (
    <PayPage
      kind="checkout"
      label="Secure checkout"
      title="Confirm your subscription"
      description={(session) =>
        `Check the plan below, then pay to start it for ${session.client.companyName ?? session.client.name}.`
      }
    >
      {(session, token) => <Checkout session={session} token={token} />}
    </PayPage>
  );
}
