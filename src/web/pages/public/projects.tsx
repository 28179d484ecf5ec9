import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { androidProject, enterpriseProject, featuredProject } from '#web/content/projects.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { ProjectShowcase } from './projects/project-showcase.tsx';
import { ProjectTypes } from './projects/project-types.tsx';
import { AggregatorVisual, AndroidVisual, MarketplaceVisual } from './projects/project-visuals.tsx';
import { CtaBand, ctaPrimary } from './shared/cta-band.tsx';
import { PageHero } from './shared/page-hero.tsx';

export const meta = () =>
  publicPageMeta(
    paths.projects,
    'Projects',
    'Selected work: a peer-to-peer mobile sauna marketplace, a government contracting platform with 100k+ records, an Android app with 5,000+ downloads, and more.',
  );

// SPEC §2 Projects: featured project, enterprise platform, Android section, nine
// project cards, Start a project.
export default function ProjectsPage() {
  return (
    <>
      <PageHero
        eyebrow="Projects"
        title="Software that is running in production"
        lead="A marketplace, a data platform, a mobile app and the everyday projects that save our clients hours each week. Client names are kept private; the results are real."
      />
      <ProjectShowcase
        id="featured"
        eyebrow="Featured project"
        project={featuredProject}
        visual={<MarketplaceVisual />}
      />
      <ProjectShowcase
        id="enterprise"
        eyebrow="Enterprise platform"
        project={enterpriseProject}
        visual={<AggregatorVisual />}
        stats={[{ value: '100k+', label: 'opportunity records' }]}
        tone="slate"
        reverse
      />
      <ProjectShowcase
        id="android"
        eyebrow="Android app"
        project={androidProject}
        visual={<AndroidVisual />}
        stats={[
          { value: '5,000+', label: 'downloads' },
          { value: '99.8%+', label: 'crash-free users' },
        ]}
      />
      <ProjectTypes />
      <CtaBand
        id="start-project"
        title="Have a project like one of these?"
        text="Tell us what you need built or fixed. We reply the same business day with questions or a first estimate."
      >
        <Link to={paths.contact} className={ctaPrimary}>
          Start a project
        </Link>
      </CtaBand>
    </>
  );
}
