import { ServiceSection } from './service-section.tsx';

const facts = [
  { value: '99.99%', label: 'uptime SLA on managed hosting' },
  { value: 'Same day', label: 'responses, Monday to Friday' },
  { value: '50', label: 'states served, fully remote' },
];

/** The services page's first section (anchor software, the header's Software Development). */
export function OverviewSection() {
  return (
    <ServiceSection
      id="software"
      eyebrow="Software Development"
      title="One accountable team for the whole stack"
      intro="Most businesses juggle a web agency, a freelancer for integrations and a hosting company, and then spend their own time coordinating them. We cover every layer below, so one team owns the result."
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        {facts.map((fact) => (
          <div
            key={fact.label}
            className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-5"
          >
            <dt className="text-sm text-slate-600">{fact.label}</dt>
            <dd className="order-first text-3xl font-bold text-brand-700">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </ServiceSection>
  );
}
