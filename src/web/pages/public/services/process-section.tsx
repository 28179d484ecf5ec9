import { processSteps } from '#web/content/automation.ts';
import { ServiceSection } from './service-section.tsx';

/** The development process of SPEC §1: Discovery, Planning, Development, Launch & Support. */
export function ProcessSection() {
  return (
    <ServiceSection
      id="process"
      eyebrow="How we work"
      title="Four steps from idea to running software"
      intro="The same process for a two-week integration and a six-month platform, scaled to fit. You always know what is happening and what comes next."
    >
      <ol className="grid gap-6 sm:grid-cols-2">
        {processSteps.map((step, index) => (
          <li
            key={step.title}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-base text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </ServiceSection>
  );
}
