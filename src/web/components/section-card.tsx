import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import { FormAlert } from './form-alert.tsx';

/** One editor of the client detail screen: a titled card, reachable by its anchor id. */
export function SectionCard({
  id,
  title,
  description,
  children,
  className,
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replaceAll(' ', '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-24 ${className ?? ''}`}>
      <Card className="h-full">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}

/** The save row at the bottom of an editor, below the server's message when a save failed. */
export function FormFooter({ alert, children }: { alert?: string | null; children: ReactNode }) {
  return (
    <>
      <FormAlert alert={alert} />
      <div className="mt-5 flex flex-wrap items-center justify-end gap-3">{children}</div>
    </>
  );
}
