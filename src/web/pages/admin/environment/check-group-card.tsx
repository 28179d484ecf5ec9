import type { ComponentType } from 'react';
import { type CheckState, checkState, checkStateText } from '#shared/environment.ts';
import { Card } from '#web/components/card.tsx';
import { ChevronDownIcon, Icon } from '#web/components/icons.tsx';
import { type CheckGroup, type GroupedCheck, groupSummaryText, stateCounts } from './checks.ts';

// One group of checks. Each check is a disclosure (<details>): the tick, cross or dash, its
// label and Pass, Fail or Not configured in words, so the state never rests on colour
// alone; opening it shows what the server found. Not configured is neutral grey: an
// optional integration left unset is a choice, not a fault.

// Solid discs with a white mark, in Icon's frame on a 20 px grid.
const TickIcon = () => (
  <Icon viewBox="0 0 20 20" stroke="none" className="size-5 shrink-0 text-green-700">
    <circle cx="10" cy="10" r="9" fill="currentColor" />
    <path d="M6 10.5l2.5 2.5L14 7.5" stroke="#fff" />
  </Icon>
);

const CrossIcon = () => (
  <Icon viewBox="0 0 20 20" stroke="none" className="size-5 shrink-0 text-red-700">
    <circle cx="10" cy="10" r="9" fill="currentColor" />
    <path d="M7 7l6 6M13 7l-6 6" stroke="#fff" />
  </Icon>
);

// A ring with a dash: nothing to check, nothing wrong.
const DashIcon = () => (
  <Icon viewBox="0 0 20 20" className="size-5 shrink-0 text-slate-500">
    <circle cx="10" cy="10" r="8.25" />
    <path d="M6.5 10h7" />
  </Icon>
);

const marks: Record<CheckState, ComponentType> = {
  pass: TickIcon,
  fail: CrossIcon,
  notConfigured: DashIcon,
};

const wordTones: Record<CheckState, string> = {
  pass: 'text-green-800',
  fail: 'text-red-800',
  notConfigured: 'text-slate-600',
};

// On a phone "Not configured" takes two lines, leaving the label room for its variable.
function CheckItem({ check }: { check: GroupedCheck }) {
  const state = checkState(check);
  const Mark = marks[state];
  return (
    <li>
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <Mark />
          <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900">
            {check.label}
          </span>
          <span
            className={`max-w-24 shrink-0 text-right text-xs font-semibold tracking-wide uppercase sm:max-w-none ${wordTones[state]}`}
          >
            {checkStateText[state]}
          </span>
          <ChevronDownIcon className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
        </summary>
        <p className="mt-1 mb-2 ml-10 rounded-md bg-slate-50 px-3 py-2 text-sm break-words text-slate-700">
          {check.details || 'No details.'}
        </p>
      </details>
    </li>
  );
}

export function CheckGroupCard({ group }: { group: CheckGroup }) {
  const { pass, total } = stateCounts(group.checks);
  const headingId = `check-group-${group.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Card className="h-full p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {group.title}
          </h2>
          <span className={`text-sm ${pass === total ? 'text-green-800' : 'text-slate-600'}`}>
            {groupSummaryText(group.checks)}
          </span>
        </div>
        {group.description ? (
          <p className="mt-1 text-sm text-slate-600">{group.description}</p>
        ) : null}
        <ul className="mt-4 -mx-2 divide-y divide-slate-100">
          {group.checks.map((check) => (
            <CheckItem key={check.key} check={check} />
          ))}
        </ul>
      </Card>
    </section>
  );
}
