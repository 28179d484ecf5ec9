import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () =>
  pageMeta(
    'Custom Software, Automation & AI Agents',
    'A U.S.-based software consultancy building web apps, integrations, hosting and AI agents that save your team time and money.',
  );

export default function HomePage() {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          U.S.-based · Outcome-focused
        </p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          Software and automation that pay for themselves
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">
          {brand.tagline} We design, build and run the systems your business depends on, from
          Minnesota to all 50 states.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.contact} size="lg">
            Get a Free Estimate
          </ButtonLink>
          <ButtonLink to={paths.projects} size="lg" variant="secondary">
            See Projects
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
