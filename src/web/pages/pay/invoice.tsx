import { formatCents } from '#shared/billing.ts';
import type { PaySession } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { PadlockIcon } from '#web/components/icons.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { payCalls } from './shared/pay-api.ts';
import { BilledTo, DetailList, DetailRow } from './shared/pay-details.tsx';
import { PayPage } from './shared/pay-page.tsx';
import { actionErrorText, usePayAction } from './shared/use-pay-action.ts';

// The local billing provider's invoice payment (/pay/invoice/:token), the Pay Now link
// of an unpaid invoice: the invoice, and Pay.

export const meta = () => pageMeta('Pay invoice', 'Pay an open invoice.');

function PayInvoice({ session, token }: { session: PaySession; token: string }) {
  const pay = usePayAction(() => payCalls.pay(token));
  const invoice = session.invoice;
  if (!invoice) return <Alert>This invoice could not be found. Open it again from Billing.</Alert>;
  const amount = formatCents(invoice.amount);

  return (
    <>
      <DetailList>
        <DetailRow label="Invoice">{invoice.number}</DetailRow>
        <DetailRow label="Issued">{formatDate(invoice.date)}</DetailRow>
        <DetailRow label="Status">
          <Badge tone="amber">Unpaid</Badge>
        </DetailRow>
        <DetailRow label="Description">{invoice.description}</DetailRow>
        <BilledTo client={session.client} />
        <DetailRow label="Amount due" strong>
          {amount}
        </DetailRow>
      </DetailList>

      {pay.isError ? (
        <div className="mt-6">
          <Alert title="Payment not completed">{actionErrorText(pay.error)}</Alert>
        </div>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" onClick={() => pay.mutate()} disabled={pay.busy}>
          <PadlockIcon />
          {pay.busy ? 'Processing payment…' : `Pay ${amount}`}
        </Button>
        <ButtonLink to={paths.billing} variant="secondary" size="lg">
          Not now
        </ButtonLink>
      </div>
    </>
  );
}

export default function PayInvoicePage() {
  return (
    <PayPage
      kind="invoice"
      label="Invoice payment"
      title="Pay your invoice"
      description={(session) =>
        session.invoice ? `Invoice ${session.invoice.number} is open. Pay it securely below.` : null
      }
    >
      {(session, token) => <PayInvoice session={session} token={token} />}
    </PayPage>
  );
}
