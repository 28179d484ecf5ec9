import { ClockIcon, GlobeIcon, TargetIcon, UsersIcon } from '#web/components/feature-icons.tsx';
import type { IconComponent } from '#web/components/icons.tsx';
import { Section } from '../shared/section.tsx';

const points: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: UsersIcon,
    title: 'Senior people, no hand-offs',
    text: 'The engineer who scopes your project is the one who builds it and answers your questions. No account managers relaying messages.',
  },
  {
    icon: ClockIcon,
    title: 'Same-day responses',
    text: 'Every message gets a reply the same business day, Monday to Friday. Urgent production issues are covered by the SLA on your support plan.',
  },
  {
    icon: TargetIcon,
    title: 'Clear scope, honest estimates',
    text: 'You get a written estimate with a fixed price or a clear range before work starts, and we tell you when something is not worth building.',
  },
  {
    icon: GlobeIcon,
    title: 'Remote across all 50 states',
    text: 'We have worked remotely from the start: shared boards, recorded demos and weekly written updates keep you informed wherever you are.',
  },
];

export function WhyUs() {
  return (
    <Section
      id="why-us"
      tone="slate"
      eyebrow="Why work with us"
      title="Why businesses choose a small, senior team"
    >
      <ul className="grid gap-6 sm:grid-cols-2">
        {points.map((point) => (
          <li
            key={point.title}
            className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <point.icon className="size-6" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{point.title}</h3>
              <p className="mt-2 text-base text-slate-600">{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
