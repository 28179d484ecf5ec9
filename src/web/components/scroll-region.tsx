import type { ReactNode } from 'react';

// A box that scrolls sideways on a narrow screen (a wide table): focusable, so keyboard
// users can scroll it too (axe: scrollable-region-focusable). A named group rather than
// a landmark: the section around it usually carries the same name.

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
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would style and mean a form group
    <div
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus
      tabIndex={0}
      className={`overflow-x-auto outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${className}`}
    >
      {children}
    </div>
  );
}
