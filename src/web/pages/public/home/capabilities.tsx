import {
  ActivityIcon,
  BranchIcon,
  CloudIcon,
  CodeIcon,
  DatabaseIcon,
  PlugIcon,
  ServerIcon,
  SmartphoneIcon,
  SparklesIcon,
} from '#web/components/feature-icons.tsx';
import { CardIcon, type IconComponent } from '#web/components/icons.tsx';
import { Section } from '../shared/section.tsx';

const capabilities: { icon: IconComponent; title: string; tools: string }[] = [
  { icon: CodeIcon, title: 'Front end', tools: 'React, TypeScript, Tailwind CSS, accessible UI' },
  { icon: ServerIcon, title: 'Back end & APIs', tools: 'Node.js, REST, webhooks, OpenAPI' },
  { icon: DatabaseIcon, title: 'Databases', tools: 'PostgreSQL, MySQL, SQL Server, migrations' },
  {
    icon: PlugIcon,
    title: 'Integrations & iPaaS',
    tools: 'n8n, CRM, accounting and e-commerce APIs',
  },
  { icon: SparklesIcon, title: 'AI agents', tools: 'LLM tools, document search, voice and chat' },
  { icon: CloudIcon, title: 'Cloud & hosting', tools: 'Containers, managed databases, CDN, TLS' },
  { icon: SmartphoneIcon, title: 'Mobile', tools: 'Android with Kotlin, Play Store releases' },
  { icon: CardIcon, title: 'Payments & SaaS', tools: 'Subscriptions, invoicing, customer portals' },
  { icon: BranchIcon, title: 'DevOps', tools: 'CI/CD, automated tests, staged rollouts' },
  { icon: ActivityIcon, title: 'Monitoring', tools: 'Uptime checks, error alerts, audit logs' },
];

export function Capabilities() {
  return (
    <Section
      id="capabilities"
      tone="slate"
      eyebrow="Full-stack capabilities"
      title="One team from the database to the app store"
      lead="The stack we work in every day. If yours is different, we will say so up front rather than learn on your budget."
    >
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {capabilities.map((item) => (
          <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <item.icon className="size-6 text-brand-700" />
            <h3 className="mt-3 font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{item.tools}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
