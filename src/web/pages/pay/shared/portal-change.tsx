import { useId, useState } from 'react';
import { formatCents } from '#shared/billing.ts';
import type { Package, PaySession } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import { isDowngrade, unusedCredit } from '#shared/plan-change.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { payCalls } from './pay-api.ts';
import { actionErrorText, usePayAction } from './use-pay-action.ts';

// Ask for another package: one radio per package (the current one marked and not
// choosable), then one button that says what will be invoiced, less the unused part of a
// paid period, or that a smaller plan waits for the renewal (shared/plan-change.ts).

function PackageOption({
  pkg,
  name,
  current,
  checked,
  disabled,
  onChoose,
}: {
  pkg: Package;
  name: string;
  current: boolean;
  checked: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <label
        className={`flex cursor-pointer items-start gap-3 rounded-lg border p-4 ${
          checked ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200'
        } ${current ? 'cursor-default bg-slate-50' : 'hover:border-brand-300'}`}
      >
        <input
          type="radio"
          name={name}
          value={pkg.id}
          checked={checked}
          disabled={disabled || current}
          onChange={onChoose}
          className="mt-1 size-4 accent-brand-700"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {pkg.name}
            {current ? <Badge tone="green">Current plan</Badge> : null}
          </span>
          <span className="mt-1 block text-sm text-slate-600">{pkg.description}</span>
        </span>
        <span className="shrink-0 text-right text-sm">
          <span className="block font-semibold text-slate-900">{formatCents(pkg.price)}</span>
          <span className="text-slate-600">/ {pkg.interval}</span>
        </span>
      </label>
    </li>
  );
}

/** What the button will do: the same credit and timing the server applies. */
function changeLabel(session: PaySession, chosen: Package, running: boolean): string {
  const current = session.package;
  const end = session.subscription.currentPeriodEnd;
  const paid = running && session.subscription.status === 'active' && current && end;
  if (!paid) return `Request ${chosen.name}: invoice for ${formatCents(chosen.price)}`;
  if (isDowngrade(current, chosen))
    return `Switch to ${chosen.name} at the renewal on ${formatDate(end, session.billingTimeZone)}`;
  const credit = unusedCredit(current, new Date(end), new Date());
  if (credit <= 0) return `Request ${chosen.name}: invoice for ${formatCents(chosen.price)}`;
  return `Request ${chosen.name}: invoice for ${formatCents(chosen.price - credit)} (${formatCents(chosen.price)} less ${formatCents(credit)} unused)`;
}

export function PortalChange({
  session,
  token,
  running,
  disabled,
  onBusy,
}: {
  session: PaySession;
  token: string;
  running: boolean;
  disabled: boolean;
  onBusy: (busy: boolean) => void;
}) {
  const name = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const change = usePayAction((packageId: string) => payCalls.change(token, packageId));
  const currentId = running ? session.package?.id : undefined;
  const chosen = session.packages.find((pkg) => pkg.id === choice);
  const busy = disabled || change.busy;
  const label = chosen ? changeLabel(session, chosen, running) : 'Choose a plan above';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        onBusy(true);
        change.mutate(chosen.id, { onError: () => onBusy(false) });
      }}
    >
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">
          {running ? 'Change plan' : 'Choose a plan'}
        </legend>
        <p className="mt-1 text-sm text-slate-600">
          {running
            ? 'A larger plan is invoiced now, less the part of your current period not used yet, and starts as soon as the payment is recorded. A smaller plan takes over when the current one renews. Until then your current plan runs on.'
            : 'We issue an invoice for the plan you choose. It starts, with a new billing period, as soon as the payment is recorded.'}
        </p>
        <ul className="mt-4 space-y-3">
          {session.packages.map((pkg) => (
            <PackageOption
              key={pkg.id}
              pkg={pkg}
              name={name}
              current={pkg.id === currentId}
              checked={pkg.id === choice}
              disabled={busy}
              onChoose={() => setChoice(pkg.id)}
            />
          ))}
        </ul>
      </fieldset>
      {change.isError ? (
        <div className="mt-4">
          <Alert title="No invoice issued">{actionErrorText(change.error)}</Alert>
        </div>
      ) : null}
      <Button type="submit" className="mt-4 w-full" size="lg" disabled={!chosen || busy}>
        {change.busy ? 'Sending your choice…' : label}
      </Button>
    </form>
  );
}
