import { paths } from '#shared/paths.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { AboutSummary } from './home/about-summary.tsx';
import { Capabilities } from './home/capabilities.tsx';
import { Coverage } from './home/coverage.tsx';
import { Expertise } from './home/expertise.tsx';
import { HomeHero } from './home/home-hero.tsx';
import { Savings } from './home/savings.tsx';
import { Values } from './home/values.tsx';
import { AgentCatalogue } from './shared/agent-catalogue.tsx';
import { CtaBand } from './shared/cta-band.tsx';
import { Section } from './shared/section.tsx';

export const meta = () =>
  publicPageMeta(
    paths.home,
    'Custom Software, Automation & AI Agents',
    'A Minnesota software consultancy serving all 50 states: web apps, integrations, hosting and ready-made AI agents that save your team time and money.',
  );

// SPEC §2 Home, sections in the spec's order.
export default function HomePage() {
  return (
    <>
      <HomeHero />
      <Savings />
      <Values />
      <AboutSummary />
      <Section
        id="solutions-section"
        tone="slate"
        eyebrow="Solutions Out of the Box"
        title="AI agents you can switch on this month"
        lead="Pre-built agents for the jobs every office has. We connect them to your accounts, adjust them to how you work, and host them for you."
      >
        <AgentCatalogue />
      </Section>
      <Expertise />
      <Coverage />
      <Capabilities />
      <CtaBand
        id="get-started"
        title="Tell us what is slowing your team down"
        text="Send a few lines about the problem. You will get a reply the same business day and, within the week, a written estimate with a fixed price or a clear range."
      />
    </>
  );
}
