import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AttentionItem, type AttentionSectionId, sectionHrefs } from '#shared/attention.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';
import { Card } from '#web/components/card.tsx';
import { kindText, moreText, sectionTitles, seeAllText } from './today-text.ts';

// One section of Today: its title and count, its first items newest first, each a link to
// where it is dealt with, and a way to the rest.

const tones: Partial<Record<AttentionItem['kind'], BadgeTone>> = {
  alert: 'red',
  run_interrupted: 'amber',
  run_following: 'blue',
  invoice_past_due: 'red',
  plan_past_due: 'red',
  mail_failed: 'red',
  enquiry: 'green',
};

export function SectionFrame({
  id,
  title,
  total,
  shown,
  seeAll,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  seeAll?: { to: string; text: string };
  children: ReactNode;
}) {
  const headingId = `today-${id}`;
  const more = moreText(total, shown);
  return (
    <section aria-labelledby={headingId}>
      <Card className="h-full p-5">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2
            id={headingId}
            className="flex items-center gap-2 text-lg font-semibold text-slate-900"
          >
            {title}
            <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-slate-100 px-2 text-sm font-semibold text-slate-700">
              {total}
            </span>
          </h2>
          {seeAll ? (
            <Link to={seeAll.to} className="text-sm font-medium text-brand-700 hover:underline">
              {seeAll.text}
            </Link>
          ) : null}
        </div>
        <ul className="mt-3 divide-y divide-slate-100">{children}</ul>
        {more ? <p className="mt-2 text-sm text-slate-600">{more}</p> : null}
      </Card>
    </section>
  );
}

/** `badge` replaces the item kind's own. */
export function ItemRow({ item, badge }: { item: AttentionItem; badge?: ReactNode }) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <Link
          to={item.href}
          className="font-medium break-words text-brand-700 hover:text-brand-800 hover:underline"
        >
          {item.title}
        </Link>
        {item.detail ? (
          <p className="mt-0.5 text-sm break-words text-slate-600">{item.detail}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        {badge ?? <Badge tone={tones[item.kind] ?? 'amber'}>{kindText[item.kind]}</Badge>}
        {item.at ? (
          <time dateTime={item.at} className="text-xs text-slate-500">
            {formatDateTime(item.at)}
          </time>
        ) : null}
      </div>
    </li>
  );
}

export function ItemSection({
  id,
  section,
}: {
  id: Exclude<AttentionSectionId, 'failing'>;
  section: { total: number; items: AttentionItem[] };
}) {
  return (
    <SectionFrame
      id={id}
      title={sectionTitles[id]}
      total={section.total}
      shown={section.items.length}
      seeAll={{ to: sectionHrefs[id], text: seeAllText[id] }}
    >
      {section.items.map((item) => (
        <ItemRow key={`${item.kind}-${item.id}`} item={item} />
      ))}
    </SectionFrame>
  );
}
