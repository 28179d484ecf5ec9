import { paths } from '#shared/paths.ts';
import { serviceAreas } from '#web/content/services.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { AreaSection } from './services/area-section.tsx';
import { IpaasSection } from './services/ipaas-section.tsx';
import { OperationsSection } from './services/operations-section.tsx';
import { OverviewSection } from './services/overview-section.tsx';
import { ProcessSection } from './services/process-section.tsx';
import { SectionMenu } from './services/section-menu.tsx';
import { ServiceSection } from './services/service-section.tsx';
import { SupportSection } from './services/support-section.tsx';
import { AgentCatalogue } from './shared/agent-catalogue.tsx';
import { CtaBand } from './shared/cta-band.tsx';
import { PageHero } from './shared/page-hero.tsx';

export const meta = () =>
  publicPageMeta(
    paths.services,
    'Software Development Services',
    'Web apps, APIs, databases, integrations, AI agents, hosting with a 99.99% uptime SLA, payments, DevOps and support from one U.S. team.',
  );

// SPEC §2 Services: the sticky side menu beside the sections, in the menu's order,
// then a call to action to /contact.
export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Software development services"
        lead="Web and mobile apps, back ends and databases, integrations and AI agents, hosting and support. Pick one service or hand us the whole stack."
      />
      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:pt-6">
        <div>
          <SectionMenu />
        </div>
        <div className="min-w-0">
          <OverviewSection />
          <ServiceSection
            id="solutions"
            eyebrow="AI Agents"
            title="Solutions Out of the Box"
            intro="Pre-built agents we install, connect to your accounts and host. Search the catalogue, or ask for one that fits your process."
          >
            <AgentCatalogue />
          </ServiceSection>
          <IpaasSection />
          <OperationsSection />
          <AreaSection area={serviceAreas.web} />
          <AreaSection area={serviceAreas.backend} />
          <AreaSection area={serviceAreas['database-solutions']} />
          <AreaSection area={serviceAreas.hosting} />
          <AreaSection area={serviceAreas.security} />
          <AreaSection area={serviceAreas.payments} />
          <SupportSection />
          <AreaSection area={serviceAreas.devops} />
          <ProcessSection />
        </div>
      </div>
      <CtaBand
        id="services-cta"
        title="Not sure which service you need?"
        text="Describe the problem in plain words. We will tell you which pieces it takes, what it costs and what it saves, usually within the week."
      />
    </>
  );
}
