import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { CloudIcon, CodeIcon, ServerIcon } from '#web/components/feature-icons.tsx';
import { ArrowRightIcon, type IconComponent } from '#web/components/icons.tsx';
import { Section } from '../shared/section.tsx';

const areas: { to: string; icon: IconComponent; title: string; text: string; link: string }[] = [
  {
    to: `${paths.services}#web`,
    icon: CodeIcon,
    title: 'Web Development',
    text: 'Fast marketing sites, customer portals and full web applications built with React and TypeScript, accessible and search-friendly from the first release.',
    link: 'Web development services',
  },
  {
    to: `${paths.services}#backend`,
    icon: ServerIcon,
    title: 'Backend & APIs',
    text: 'APIs, databases and background jobs that hold your business rules, documented with OpenAPI and covered by automated tests.',
    link: 'Backend and API services',
  },
  {
    to: `${paths.services}#hosting`,
    icon: CloudIcon,
    title: 'Hosting & Infrastructure',
    text: 'Managed cloud hosting with a 99.99% uptime SLA, daily backups, TLS, domains and monitoring that pages us before you notice.',
    link: 'Hosting and infrastructure services',
  },
];

export function Expertise() {
  return (
    <Section
      id="expertise"
      eyebrow="Our expertise"
      title="The three layers every product needs"
      lead="Most projects touch all three. We handle them together, so nothing falls between vendors."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {areas.map((area) => (
          <li
            key={area.to}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <area.icon className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{area.title}</h3>
            <p className="mt-2 flex-1 text-base text-slate-600">{area.text}</p>
            <Link
              to={area.to}
              className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              {area.link}
              <ArrowRightIcon className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
