import { BoltIcon, ShieldIcon, TargetIcon } from '#web/components/feature-icons.tsx';
import { FeatureCard } from '../shared/feature-card.tsx';

// Three value cards (SPEC §2 Home). No heading of their own in the spec, so the band is
// labelled for assistive technology with a visually hidden h2.

export function Values() {
  return (
    <section aria-labelledby="values-title" className="bg-slate-50 py-16 sm:py-20">
      <h2 id="values-title" className="sr-only">
        What you can expect
      </h2>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-3 lg:px-8">
        <FeatureCard icon={TargetIcon} title="Outcomes, not hours billed">
          Every estimate names the result it is for, such as orders entered without re-typing or
          reports that build themselves, and we report against it when the work ships.
        </FeatureCard>
        <FeatureCard icon={BoltIcon} title="Fast, direct answers">
          You talk to the engineers who do the work. Messages get a reply the same business day,
          Monday to Friday, and nothing is lost in a hand-off.
        </FeatureCard>
        <FeatureCard icon={ShieldIcon} title="Built to keep running">
          Managed hosting with a 99.99% uptime SLA, daily backups, monitoring and security updates,
          so the software keeps earning its keep after launch.
        </FeatureCard>
      </div>
    </section>
  );
}
