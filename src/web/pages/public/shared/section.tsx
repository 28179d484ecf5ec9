import type { ReactNode } from 'react';

const tones = {
  white: 'bg-white',
  slate: 'bg-slate-50',
} as const;

/**
 * A band of a marketing page with its h2. The heading names the region, so screen
 * reader users can jump between sections.
 */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'white',
  width = 'max-w-7xl',
  children,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  tone?: keyof typeof tones;
  width?: string;
  children?: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`py-16 sm:py-20 ${tones[tone]}`}>
      <div className={`mx-auto px-4 sm:px-6 lg:px-8 ${width}`}>
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {title}
          </h2>
          {lead ? <p className="mt-4 text-lg text-pretty text-slate-600">{lead}</p> : null}
        </div>
        {children ? <div className="mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
