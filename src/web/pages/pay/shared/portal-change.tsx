import { useId, useState } from 'react';
import { formatCents } from '#shared/billing.ts';
import type { Package, PaySession } from '#shared/billing-api.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { payCalls } from './pay-api.ts';
import { actionErrorText, usePayAction } from './use-pay-action.ts';

// Ask for another package: one radio per package (the current one marked and not
// choosable), then one button that says what will be invoiced.

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
          We issue an invoice for the plan you choose. It starts, with a new billing period, as soon
          as the payment is recorded; until then your current plan runs on.
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
        {change.busy
          ? 'Issuing the invoice…'
          : chosen
            ? `Request ${chosen.name}: invoice for ${formatCents(chosen.price)}`
            : 'Choose a plan above'}
      </Button>
    </form>
  );
}
