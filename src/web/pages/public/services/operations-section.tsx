import { operationsFeatures } from '#web/content/automation.ts';
import { FeatureCard } from '../shared/feature-card.tsx';
import { automationIcons } from './automation-icons.ts';
import { ServiceSection } from './service-section.tsx';

/** SPEC §2 Services operations: the six parts of the operations dashboards. */
export function OperationsSection() {
  return (
    <ServiceSection
      id="operations"
      eyebrow="Operations Dashboards"
      title="See your operations at a glance"
      intro="Dashboards and controls for the automation that runs your business: what ran, what failed, who did what, and what is scheduled next."
    >
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {operationsFeatures.map((item) => (
          <FeatureCard key={item.title} icon={automationIcons[item.icon]} title={item.title}>
            {item.text}
          </FeatureCard>
        ))}
      </div>
    </ServiceSection>
  );
}
