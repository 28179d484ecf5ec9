import { ipaasAlsoDelivered, ipaasCapabilities, ipaasCostImpact } from '#web/content/automation.ts';
import { CheckList, FeatureCard } from '../shared/feature-card.tsx';
import { automationIcons } from './automation-icons.ts';
import { ServiceSection } from './service-section.tsx';

/** SPEC §2 Services ipaas: six capability cards, cost impact, also-delivered list. */
export function IpaasSection() {
  return (
    <ServiceSection
      id="ipaas"
      eyebrow="Integrations & iPaaS"
      title="Connect every tool you already pay for"
      intro="Integration platform as a service, run by us: your systems exchange data automatically, with error handling and monitoring that off-the-shelf connectors leave out."
    >
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {ipaasCapabilities.map((item) => (
          <FeatureCard key={item.title} icon={automationIcons[item.icon]} title={item.title}>
            {item.text}
          </FeatureCard>
        ))}
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border border-brand-200 bg-brand-50 p-6">
          <h3 className="text-lg font-semibold text-slate-900">Cost impact</h3>
          <p className="mt-2 text-base text-slate-700">
            An integration pays for itself when it removes recurring work. We estimate the hours
            before we quote, so you can see the payback period up front.
          </p>
          <CheckList items={ipaasCostImpact} className="mt-4" />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">Also delivered</h3>
          <CheckList items={ipaasAlsoDelivered} className="mt-4" />
        </div>
      </div>
      <div id="workflows" className="mt-8 rounded-xl bg-slate-900 p-6 text-white sm:p-8">
        <h3 className="text-lg font-semibold">Workflows you can see, run and schedule</h3>
        <p className="mt-2 max-w-3xl text-slate-300">
          Every workflow we build appears in your client portal. Run it on demand, give it a cron
          schedule in your own time zone, and read the result of every run, without logging in to
          the workflow engine or asking us.
        </p>
      </div>
    </ServiceSection>
  );
}
