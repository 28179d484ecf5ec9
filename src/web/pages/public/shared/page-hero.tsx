import type { ReactNode } from 'react';

/** The opening band of a public page: eyebrow, the page's one h1, a lead and actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  align = 'center',
}: {
  eyebrow?: string;
  title: ReactNode;
  lead: ReactNode;
  /** Buttons or a line of proof points under the lead. */
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  const centred = align === 'center';
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div
        className={`mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8 ${centred ? 'text-center' : ''}`}
      >
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <p
          className={`mt-6 max-w-3xl text-lg text-pretty text-slate-600 sm:text-xl ${centred ? 'mx-auto' : ''}`}
        >
          {lead}
        </p>
        {children}
      </div>
    </section>
  );
}
