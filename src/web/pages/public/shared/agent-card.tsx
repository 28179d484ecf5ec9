import { BookIcon, ChecklistIcon, MicIcon } from '#web/components/feature-icons.tsx';
import { CalendarIcon, type IconComponent, MailIcon } from '#web/components/icons.tsx';
import type { Agent, AgentIcon } from '#web/content/agents.ts';

const icons: Record<AgentIcon, IconComponent> = {
  voice: MicIcon,
  mail: MailIcon,
  book: BookIcon,
  calendar: CalendarIcon,
  tasks: ChecklistIcon,
};

export function AgentCard({ agent }: { agent: Agent }) {
  const Icon = icons[agent.icon];
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-6" />
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
          {agent.category}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{agent.title}</h3>
      <p className="mt-2 flex-1 text-base text-slate-600">{agent.description}</p>
      <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
        {agent.tags.map((tag) => (
          <li
            key={tag}
            className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-slate-700"
          >
            {tag}
          </li>
        ))}
      </ul>
    </li>
  );
}
