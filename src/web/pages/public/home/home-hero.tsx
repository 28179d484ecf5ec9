import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import { PageHero } from '../shared/page-hero.tsx';

const proof = ['99.99% uptime SLA', 'Same-day responses Mon–Fri', 'All 50 states, fully remote'];

export function HomeHero() {
  return (
    <PageHero
      eyebrow="U.S.-based · Outcome-focused"
      title="Software and automation that pay for themselves"
      lead="We are a Minnesota software consultancy working with businesses in all 50 states. We build web apps, connect the tools you already pay for and put AI agents to work, and we scope every project by the hours and dollars it gives back."
    >
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.contact} size="lg">
          Get a Free Estimate
        </ButtonLink>
        <ButtonLink to={paths.projects} size="lg" variant="secondary">
          See Projects
        </ButtonLink>
      </div>
      <ul className="mt-10 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm font-medium text-slate-700">
        {proof.map((item) => (
          <li key={item} className="flex items-center gap-2">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
            {item}
          </li>
        ))}
      </ul>
    </PageHero>
  );
}
