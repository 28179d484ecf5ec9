import { slaTiers } from '#shared/pricing.ts';
import { CheckList } from '../shared/feature-card.tsx';
import { ServiceSection } from './service-section.tsx';

const included = [
  'Security patches and dependency upgrades every month',
  'Backups checked and restore-tested',
  'Small changes and content updates',
  'Tickets tracked in our help desk portal',
];

/** SPEC §2 Services support/SLAs, with the SLA tiers of SPEC §9. */
export function SupportSection() {
  return (
    <ServiceSection
      id="support"
      eyebrow="Support & SLAs"
      title="Support with response times in writing"
      intro={`Every message gets a reply the same business day, Monday to Friday. For production systems, a support plan puts a guaranteed response time in writing.`}
    >
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:col-span-3">
          <table className="w-full text-left text-sm">
            <caption className="px-5 pt-5 text-left text-base font-semibold text-slate-900">
              Support plans
            </caption>
            <thead className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-3">
                  Plan
                </th>
                <th scope="col" className="px-5 py-3">
                  Guaranteed response
                </th>
                <th scope="col" className="px-5 py-3">
                  Price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 border-t border-slate-200">
              {slaTiers.map((tier) => (
                <tr key={tier.name}>
                  <th scope="row" className="px-5 py-3 font-semibold text-slate-900">
                    {tier.name}
                  </th>
                  <td className="px-5 py-3 text-slate-700">{tier.response}</td>
                  <td className="px-5 py-3 text-slate-700">{tier.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="px-5 pb-5 text-sm text-slate-600">
            Hosting plans carry the 99.99% uptime SLA on every tier.
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-6 lg:col-span-2">
          <h3 className="text-lg font-semibold text-slate-900">In every plan</h3>
          <CheckList items={included} className="mt-4 text-sm" />
          <p className="mt-4 text-sm text-slate-600">
            Clients open tickets from the Need Help card in the client portal.
          </p>
        </div>
      </div>
    </ServiceSection>
  );
}
