import type { PaymentInstructions } from '#shared/invoicing.ts';

// How to pay an open invoice, from the consultancy's configuration (BILLING_ACH_*,
// BILLING_CHECK_*): bank transfer details and a check address, each as label and value.

function Details({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function HowToPay({
  instructions,
  invoiceNumber,
}: {
  instructions: PaymentInstructions;
  invoiceNumber: string;
}) {
  const { ach, check, note } = instructions;
  return (
    <section aria-labelledby="how-to-pay" className="mt-6 rounded-lg bg-slate-50 p-5">
      <h2 id="how-to-pay" className="text-base font-semibold text-slate-900">
        How to pay
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Please quote <strong>{invoiceNumber}</strong> with your payment.
      </p>
      {ach ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">ACH or wire transfer</h3>
          <Details
            rows={[
              ['Bank', ach.bankName],
              ['Account name', ach.accountName],
              ['Routing number', ach.routingNumber],
              ['Account number', ach.accountNumber],
            ]}
          />
        </div>
      ) : null}
      {check ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Check</h3>
          <Details
            rows={[
              ['Payable to', check.payableTo],
              ['Mail to', check.address.join(', ')],
            ]}
          />
        </div>
      ) : null}
      {note ? <p className="mt-4 text-sm text-slate-700">{note}</p> : null}
      {!ach && !check && !note ? (
        <p className="mt-4 text-sm text-slate-700">
          Write to{' '}
          <a
            className="font-semibold text-brand-700 underline"
            href={`mailto:${instructions.contactEmail}`}
          >
            {instructions.contactEmail}
          </a>{' '}
          and we will arrange payment with you.
        </p>
      ) : null}
    </section>
  );
}
