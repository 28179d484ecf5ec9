import { useMutation, useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/billing.ts';
import type { Package } from '#shared/billing-api.ts';
import { billedText } from '#shared/billing-format.ts';
import { Button } from '#web/components/button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { messageOr } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { billingCalls, packagesQuery } from './billing-api.ts';

// The packages on sale (SPEC §2: listed only while the subscription is not active).
// Selecting one asks the server for a checkout address and sends the browser there.

function PackageCard({
  pkg,
  busy,
  chosen,
  onSelect,
}: {
  pkg: Package;
  busy: boolean;
  chosen: boolean;
  onSelect: () => void;
}) {
  const headingId = `package-${pkg.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {pkg.name}
      </h3>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-2xl font-bold tracking-tight text-slate-900">
          {formatCents(pkg.price)}
        </span>
        <span className="text-sm text-slate-600">/ {pkg.interval}</span>
      </p>
      <p className="text-xs text-slate-500">{billedText(pkg.interval)}</p>
      <p className="mt-3 flex-1 text-sm text-slate-600">{pkg.description}</p>
      <Button
        className="mt-5 w-full"
        variant={pkg.interval === 'month' ? 'primary' : 'secondary'}
        onClick={onSelect}
        disabled={busy}
        aria-label={`Select ${pkg.name}`}
      >
        {chosen ? 'Starting checkout…' : 'Select'}
      </Button>
    </li>
  );
}

export function PackagesSection() {
  const packages = useQuery(packagesQuery());
  const select = useMutation({
    mutationFn: billingCalls.selectPackage,
    // The checkout is a page of its own (the provider's); the browser goes there.
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: (error) =>
      toast({
        title: 'Error',
        text: messageOr(error, 'Failed to start checkout', 'Failed to select package'),
        tone: 'error',
      }),
  });
  // Stay busy after success: the page is about to leave for the checkout.
  const busy = select.isPending || select.isSuccess;

  return (
    <section aria-labelledby="packages-heading">
      <h2 id="packages-heading" className="text-lg font-semibold text-slate-900">
        Choose a plan
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        The next page shows how to pay for the plan you choose. Change or cancel any time from the
        billing portal.
      </p>
      <QueryState
        query={packages}
        loading="Loading plans…"
        failed="Plans could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty="No plans are on sale right now. Please contact us."
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
            {list.map((pkg) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                busy={busy}
                chosen={busy && select.variables === pkg.id}
                onSelect={() => select.mutate(pkg.id)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
