import type { ReactNode } from 'react';
import { brand } from '#shared/brand.ts';
import { PadlockIcon } from '#web/components/icons.tsx';

// The frame of the billing provider's own pages: a narrow card with a "secure" band, so
// a client sees at once that this is the payment step, not the portal.

export function PayFrame({
  label,
  title,
  description,
  children,
  footer,
}: {
  /** What kind of page: "Secure checkout", "Billing portal", "Invoice payment". */
  label: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-xl">
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="flex items-center justify-between gap-3 bg-slate-900 px-5 py-3 text-sm text-white sm:px-8">
            <span className="flex items-center gap-2 font-semibold">
              <PadlockIcon />
              {label}
            </span>
            <span className="truncate text-slate-300">{brand.shortName} Billing</span>
          </div>
          <div className="p-5 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {description ? <p className="mt-2 text-slate-600">{description}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </div>
  );
}
