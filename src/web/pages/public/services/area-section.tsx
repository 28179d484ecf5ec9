import type { ServiceArea } from '#web/content/services.ts';
import { CheckList } from '../shared/feature-card.tsx';
import { ServiceSection } from './service-section.tsx';

/** A services section made of topics; a topic with an id is an anchor of its own. */
export function AreaSection({ area }: { area: ServiceArea }) {
  return (
    <ServiceSection id={area.id} eyebrow={area.eyebrow} title={area.title} intro={area.intro}>
      <div className="grid gap-6 md:grid-cols-2">
        {area.topics.map((topic) => (
          <div
            key={topic.title}
            id={topic.id}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h3 className="text-lg font-semibold text-slate-900">{topic.title}</h3>
            <p className="mt-2 text-base text-slate-600">{topic.text}</p>
            {topic.points ? <CheckList items={topic.points} className="mt-4 text-sm" /> : null}
          </div>
        ))}
      </div>
    </ServiceSection>
  );
}
