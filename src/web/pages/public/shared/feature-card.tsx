import type { ReactNode } from 'react';
import { Icon, type IconComponent } from '#web/components/icons.tsx';

/** A card with an icon, an h3 and a short text; the building block of feature grids. */
export function FeatureCard({
  icon: Icon,
  title,
  children,
  headingLevel = 3,
}: {
  icon: IconComponent;
  title: string;
  children: ReactNode;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon className="size-6" />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">{title}</Heading>
      <div className="mt-2 text-base text-slate-600">{children}</div>
    </div>
  );
}

/** A list with blue ticks, for short claims and deliverables. */
export function CheckList({
  items,
  className = '',
}: {
  items: readonly string[];
  className?: string;
}) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          {/* A solid disc with the tick cut out: Icon's frame on a 20 px grid. */}
          <Icon viewBox="0 0 20 20" stroke="none" className="mt-0.5 size-5 shrink-0 fill-brand-700">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm3.7-10.3a1 1 0 0 0-1.4-1.4L9 9.6 7.7 8.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4z" />
          </Icon>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
