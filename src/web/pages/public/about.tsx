import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { BoltIcon, PlugIcon, ShieldIcon } from '#web/components/feature-icons.tsx';
import { PhoneIcon } from '#web/components/icons.tsx';
import { publicPageMeta } from '#web/lib/meta.ts';
import { WhyUs } from './about/why-us.tsx';
import { CtaBand, ctaPrimary, ctaSecondary } from './shared/cta-band.tsx';
import { FeatureCard } from './shared/feature-card.tsx';
import { PageHero } from './shared/page-hero.tsx';
import { Section } from './shared/section.tsx';

export const meta = () =>
  publicPageMeta(
    paths.about,
    'About Us',
    'A small, senior software consultancy in Minneapolis serving all 50 states: we automate busywork, connect your tools and keep your systems secure.',
  );

// SPEC §2 About: hero, What We Do, Why Work With Us, call to action.
export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Engineers who measure success in hours saved"
        lead={`${brand.name} is a fully remote software consultancy based in Minneapolis, Minnesota. We help businesses across the United States replace manual work with software that is reliable, secure and theirs to keep.`}
      />
      <Section
        id="what-we-do"
        eyebrow="What we do"
        title="Three things, done properly"
        lead="Whether the project is a new web app, an integration or an AI agent, the work comes down to the same three jobs."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <FeatureCard icon={BoltIcon} title="Automate the repetitive">
            Data entry, report building, follow-up emails, invoice matching. If a person does it the
            same way every week, a workflow or an agent can usually do it for them.
          </FeatureCard>
          <FeatureCard icon={PlugIcon} title="Connect your tools">
            Your CRM, accounting, store and help desk should share one version of the truth. We link
            them through their APIs so records stop drifting apart.
          </FeatureCard>
          <FeatureCard icon={ShieldIcon} title="Keep it secure and running">
            Hosting with a 99.99% uptime SLA, backups, monitoring, access controls and audit logs,
            so what we build keeps working long after launch day.
          </FeatureCard>
        </div>
      </Section>
      <WhyUs />
      <CtaBand
        id="consultation"
        title="Let’s talk about your project"
        text="A free 30-minute consultation: you describe the problem, we tell you honestly whether software is the answer and what it would take."
      >
        <Link to={paths.contact} className={ctaPrimary}>
          Schedule A Free Consultation
        </Link>
        <a href={brand.phoneHref} className={ctaSecondary}>
          <PhoneIcon className="size-5" />
          Call {brand.phone}
        </a>
      </CtaBand>
    </>
  );
}
