import { useMutation, useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/billing.ts';
import type { Package } from '#shared/billing-api.ts';
import { billedText, planIncludes, recommendedPackageId } from '#shared/billing-format.ts';
import { Badge } from '#web/components/badge.tsx';
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
  recommended,
  onSelect,
}: {
  pkg: Package;
  busy: boolean;
  chosen: boolean;
  recommended: boolean;
  onSelect: () => void;
}) {
  const headingId = `package-${pkg.id}`;
  const includes = pkg.plan ? planIncludes(pkg.plan) : [];
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${recommended ? 'border-brand-300 ring-1 ring-brand-200' : 'border-slate-200'}`}
    >
      <h3
        id={headingId}
        className="flex flex-wrap items-center justify-between gap-2 text-base font-semibold text-slate-900"
      >
        {pkg.name}
        {recommended ? <Badge tone="blue">Recommended</Badge> : null}
      </h3>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-2xl font-bold tracking-tight text-slate-900">
          {formatCents(pkg.price)}
        </span>
        <span className="text-sm text-slate-600">/ {pkg.interval}</span>
      </p>
      <p className="text-xs text-slate-500">{billedText(pkg.interval)}</p>
      <p className="mt-3 text-sm text-slate-600">{pkg.description}</p>
      {includes.length ? (
        <ul
          aria-label={`${pkg.name} includes`}
          className="mt-3 flex-1 space-y-1.5 text-sm text-slate-700"
        >
          {includes.map((line) => (
            <li key={line} className="flex gap-2">
              <span aria-hidden="true" className="text-green-700">
                ✓
              </span>
              {line}
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex-1" />
      )}
      {/* One button style on every card; the recommended package's stands out. */}
      <Button
        className="mt-5 w-full"
        variant={recommended ? 'primary' : 'secondary'}
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
                recommended={pkg.id === recommendedPackageId(list)}
                onSelect={() => select.mutate(pkg.id)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
