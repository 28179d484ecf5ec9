import type { ReactNode } from 'react';
import type { PaySession } from '#shared/billing-api.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';

// Label and value rows for what is being paid and who it is for.

export function DetailList({ children }: { children: ReactNode }) {
  return (
    <dl className="divide-y divide-slate-200 border-y border-slate-200 text-sm">{children}</dl>
  );
}

export function DetailRow({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd
        className={`min-w-0 text-right break-words ${strong ? 'text-lg font-bold text-slate-900' : 'font-medium text-slate-900'}`}
      >
        {children}
      </dd>
    </div>
  );
}

/** "Dates in Central Time.": said once under the dates, which follow the billing zone. */
export function ZoneNote({ timeZone }: { timeZone: string }) {
  return <p className="mt-2 text-xs text-slate-500">{billingZoneNote(timeZone)}</p>;
}

/** Who the subscription or invoice is for, as the account knows them. */
export function BilledTo({
  client,
  address = [],
}: {
  client: PaySession['client'];
  /** The invoice's billing address lines, when it has them. */
  address?: string[];
}) {
  return (
    <DetailRow label="Billed to">
      <span className="block">{client.name}</span>
      {client.companyName ? (
        <span className="block font-normal text-slate-600">{client.companyName}</span>
      ) : null}
      {address.map((line) => (
        <span key={line} className="block font-normal text-slate-600">
          {line}
        </span>
      ))}
      <span className="block font-normal break-all text-slate-600">{client.email}</span>
    </DetailRow>
  );
}
