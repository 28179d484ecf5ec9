import {
  ClockIcon,
  DollarIcon,
  ShuffleIcon,
  TrendingUpIcon,
} from '#web/components/feature-icons.tsx';
import type { IconComponent } from '#web/components/icons.tsx';
import { Section } from '../shared/section.tsx';

const steps: { icon: IconComponent; title: string; text: string }[] = [
  {
    icon: ClockIcon,
    title: 'Find the hours',
    text: 'We start by listing the work your people repeat every week: re-typing orders, chasing approvals, exporting reports. Each item gets an estimate in hours.',
  },
  {
    icon: ShuffleIcon,
    title: 'Connect before we build',
    text: 'Most gaps close by linking the tools you already pay for. Custom code is written only where no existing product does the job.',
  },
  {
    icon: DollarIcon,
    title: 'Price the outcome',
    text: 'You see the cost next to the time it saves before any work starts, so you can decide with numbers, not a sales pitch.',
  },
  {
    icon: TrendingUpIcon,
    title: 'Keep it paying off',
    text: 'We host, monitor and maintain what we ship. Failures alert us before they cost you a morning, and fixes are covered by an SLA.',
  },
];

export function Savings() {
  return (
    <Section
      id="savings"
      eyebrow="How we save you time and money"
      title="Less busywork, fewer tools, no surprises"
      lead="For most small and mid-sized businesses the real software cost is not the licence fee. It is the hours spent moving data between systems and fixing what broke overnight. That is where we start."
    >
      <ol className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="relative">
            <div className="flex items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-lg bg-brand-700 text-white">
                <step.icon className="size-6" />
              </span>
              <span className="text-sm font-semibold text-brand-700">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-base text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
