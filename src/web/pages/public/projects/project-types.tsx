import {
  ChartIcon,
  DatabaseIcon,
  DollarIcon,
  GlobeIcon,
  InboxIcon,
  PlugIcon,
  UsersIcon,
} from '#web/components/feature-icons.tsx';
import { CalendarIcon, CardIcon, type IconComponent } from '#web/components/icons.tsx';
import { type ProjectIcon, projectTypes } from '#web/content/projects.ts';
import { Section } from '../shared/section.tsx';

const icons: Record<ProjectIcon, IconComponent> = {
  globe: GlobeIcon,
  calendar: CalendarIcon,
  plug: PlugIcon,
  chart: ChartIcon,
  dollar: DollarIcon,
  users: UsersIcon,
  inbox: InboxIcon,
  database: DatabaseIcon,
  card: CardIcon,
};

/** The grid of nine smaller project types (SPEC §2 Projects). */
export function ProjectTypes() {
  return (
    <Section
      id="more-projects"
      tone="slate"
      eyebrow="More of our work"
      title="Smaller projects with outsized payback"
      lead="Not every win needs a platform. These are the projects we deliver most often, usually in weeks rather than months."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {projectTypes.map((project) => {
          const Icon = icons[project.icon];
          return (
            <li
              key={project.title}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{project.title}</h3>
              <p className="mt-2 text-base text-slate-600">{project.text}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
