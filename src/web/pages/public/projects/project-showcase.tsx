import type { ReactNode } from 'react';
import type { ProjectHighlight } from '#web/content/projects.ts';
import { CheckList } from '../shared/feature-card.tsx';

/** A portfolio project told in full: summary, outcomes, stack, and a visual beside it. */
export function ProjectShowcase({
  id,
  eyebrow,
  project,
  visual,
  reverse = false,
  tone = 'white',
  stats,
}: {
  id: string;
  eyebrow: string;
  project: ProjectHighlight;
  visual: ReactNode;
  reverse?: boolean;
  tone?: 'white' | 'slate';
  /** Headline figures shown above the outcomes. */
  stats?: readonly { value: string; label: string }[];
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`py-16 sm:py-20 ${tone === 'slate' ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div className={reverse ? 'lg:order-last' : undefined}>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h2
            id={`${id}-title`}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900"
          >
            {project.title}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{project.summary}</p>
          {stats ? (
            <dl className="mt-6 flex flex-wrap gap-x-10 gap-y-4">
              {stats.map((stat) => (
                <div key={stat.label} className="flex flex-col">
                  <dt className="text-sm text-slate-600">{stat.label}</dt>
                  <dd className="order-first text-3xl font-bold text-brand-700">{stat.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <CheckList items={project.points} className="mt-6" />
          <ul aria-label="Technology" className="mt-6 flex flex-wrap gap-2">
            {project.stack.map((item) => (
              <li
                key={item}
                className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700"
              >
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center">{visual}</div>
      </div>
    </section>
  );
}
