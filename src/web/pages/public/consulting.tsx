import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import {
  ChartIcon,
  ClipboardIcon,
  CompassIcon,
  LayersIcon,
  SearchIcon,
  SparklesIcon,
} from '#web/components/feature-icons.tsx';
import type { IconComponent } from '#web/components/icons.tsx';
import {
  type ConsultingIcon,
  consultingApproach,
  consultingServices,
} from '#web/content/consulting.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { CtaBand, ctaPrimary, ctaSecondary } from './shared/cta-band.tsx';
import { PageHero } from './shared/page-hero.tsx';
import { Section } from './shared/section.tsx';

export const meta = () =>
  publicPageMeta(
    paths.consulting,
    'Technology Consulting',
    'Technology strategy, IT assessments, digital transformation, AI strategy, data analytics and technical due diligence from engineers who build.',
  );

const icons: Record<ConsultingIcon, IconComponent> = {
  compass: CompassIcon,
  clipboard: ClipboardIcon,
  layers: LayersIcon,
  sparkles: SparklesIcon,
  chart: ChartIcon,
  search: SearchIcon,
};

// SPEC §2 Consulting: hero, six services with anchors, four-step approach, call to action.
export default function ConsultingPage() {
  return (
    <>
      <PageHero
        eyebrow="Technology consulting"
        title="Advice from engineers who also build"
        lead="Independent guidance on what to build, buy or fix, from a team that writes production software every day. Practical plans with numbers attached, not slide decks."
      >
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.contact} size="lg">
            Book a Consultation
          </ButtonLink>
          <ButtonLink to={`${paths.consulting}#strategic-planning`} size="lg" variant="secondary">
            Consulting Services
          </ButtonLink>
        </div>
      </PageHero>
      <Section
        id="consulting-services"
        eyebrow="What we offer"
        title="Six ways we help you decide"
        lead="Each engagement has a fixed scope and ends with a document you keep, whether or not we do the follow-up work."
      >
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {consultingServices.map((service) => {
            const Icon = icons[service.icon];
            return (
              <li
                key={service.id}
                id={service.id}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
                <p className="mt-2 flex-1 text-base text-slate-600">{service.text}</p>
                <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-700">
                  <span className="font-semibold text-slate-900">You receive: </span>
                  {service.deliverable}
                </p>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section
        id="approach"
        tone="slate"
        eyebrow="Our approach"
        title="Four steps, no surprises"
        lead="Assessments are measured in weeks, not months, with a short written update at the end of every week."
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {consultingApproach.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-base text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBand
        id="consulting-cta"
        title="Get a second opinion before you commit"
        text="Tell us the decision in front of you. The first conversation is free, and you will leave it knowing what to ask next."
      >
        <Link to={paths.contact} className={ctaPrimary}>
          Book a Free Consultation
        </Link>
        <Link to={paths.services} className={ctaSecondary}>
          Explore Our Services
        </Link>
      </CtaBand>
    </>
  );
}
