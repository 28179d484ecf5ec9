import type { ReactNode } from 'react';

/**
 * One section of the services page. Focusable (tabIndex -1) so the side menu can move
 * focus to it; the heading names it for assistive technology.
 */
export function ServiceSection({
  id,
  eyebrow,
  title,
  intro,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="border-b border-slate-200 py-14 outline-none last:border-b-0 sm:py-16"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2
        id={`${id}-title`}
        className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl"
      >
        {title}
      </h2>
      <p className="mt-4 max-w-3xl text-lg text-pretty text-slate-600">{intro}</p>
      <div className="mt-8">{children}</div>
    </section>
  );
}
