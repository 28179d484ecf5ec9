import type { ReactNode } from 'react';

// A box that scrolls sideways on a narrow screen (a wide table): a named region that
// takes focus, so keyboard users can scroll it too (axe: scrollable-region-focusable).

export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
      className={`overflow-x-auto outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${className}`}
    >
      {children}
    </section>
  );
}
