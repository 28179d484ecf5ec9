import { brand } from '#shared/brand.ts';
import { MinnesotaMap } from './minnesota-map.tsx';

const facts = [
  { value: '50', label: 'states served, coast to coast' },
  { value: 'Same day', label: 'responses, Monday to Friday' },
  { value: '100%', label: 'remote delivery, no travel fees' },
  { value: 'Central', label: 'time zone, overlapping both coasts' },
];

export function Coverage() {
  return (
    <section
      id="coverage"
      aria-labelledby="coverage-title"
      className="bg-slate-900 py-16 text-white sm:py-20"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">
            Minnesota coverage
          </p>
          <h2
            id="coverage-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Rooted in Minnesota, working in all 50 states
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            We are based in Minneapolis and work with Minnesota businesses from the Twin Cities to
            Duluth and Rochester, and with clients across the country. Everything runs remotely:
            video calls, a shared project board and a written update every week, so you get the same
            attention in Saint Paul as in San Diego.
          </p>
          <dl className="mt-8 grid grid-cols-2 gap-x-6 gap-y-8">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col">
                <dt className="text-sm text-slate-300">{fact.label}</dt>
                <dd className="order-first text-2xl font-bold text-white sm:text-3xl">
                  {fact.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-sm text-slate-300">{brand.location}</p>
        </div>
        <div className="flex justify-center lg:justify-end">
          <MinnesotaMap />
        </div>
      </div>
    </section>
  );
}
