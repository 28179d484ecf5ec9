import type { ReactNode } from 'react';
import { Card } from '#web/components/card.tsx';

/** One part of the Profile page: a titled card, reachable by its anchor id. */
export function SettingsSection({
  id,
  title,
  description,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. a status badge. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-24 ${className ?? ''}`}>
      <Card className="h-full">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          </div>
          {actions}
        </div>
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}

/** The save row at the bottom of a form. */
export function FormFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-center justify-end gap-3">{children}</div>;
}
