import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AlertIncident, alertKindText, incidentDuration } from '#shared/alerts.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Badge } from '#web/components/badge.tsx';

// One page of incidents, newest first: open or cleared, what kind, about what, why,
// opened, cleared and how long it lasted. A grid of columns from lg up; narrower, each
// incident is a small card of labelled lines.

const columns = 'lg:grid-cols-[8.5rem_minmax(0,2fr)_minmax(0,1.5fr)_9rem_9rem]';

function When({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-500">—</span>;
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 text-sm text-slate-700">
      <span className="font-medium text-slate-600 lg:sr-only">{label}: </span>
      {children}
    </div>
  );
}

function IncidentRow({ incident, now }: { incident: AlertIncident; now: Date }) {
  const open = incident.clearedAt === null;
  const lasted = incidentDuration(incident.openedAt, incident.clearedAt ?? now);
  return (
    <li className={`grid grid-cols-1 gap-x-4 gap-y-1.5 px-4 py-3 lg:items-start ${columns}`}>
      <div className="flex flex-wrap items-center gap-2 lg:flex-col lg:items-start lg:gap-1">
        <Badge tone={open ? 'red' : 'green'}>{open ? 'Open' : 'Cleared'}</Badge>
        <span className="text-sm text-slate-700">{alertKindText[incident.kind]}</span>
      </div>
      <div className="min-w-0 text-sm break-words">
        <Link to={incident.link} className="font-medium text-brand-700 underline">
          {incident.title}
        </Link>
      </div>
      <Labelled label="Cause">
        <span className="break-words">{incident.cause}</span>
      </Labelled>
      <Labelled label="Opened">
        <When at={incident.openedAt} />
      </Labelled>
      <Labelled label="Cleared">
        <When at={incident.clearedAt} />
        <span className="text-slate-600 lg:hidden"> · </span>
        <span className="text-slate-600 lg:block">
          {open ? `open ${lasted} so far` : `after ${lasted}`}
        </span>
      </Labelled>
    </li>
  );
}

export function IncidentList({ incidents }: { incidents: AlertIncident[] }) {
  const now = new Date();
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div
        aria-hidden="true"
        className={`hidden gap-x-4 ${columns} border-b border-slate-200 px-4 py-2 text-xs font-medium text-slate-600 uppercase lg:grid`}
      >
        <span>Incident</span>
        <span>Subject</span>
        <span>Cause</span>
        <span>Opened</span>
        <span>Cleared</span>
      </div>
      <ul aria-label="Incidents" className="divide-y divide-slate-200">
        {incidents.map((incident) => (
          <IncidentRow key={incident.id} incident={incident} now={now} />
        ))}
      </ul>
    </div>
  );
}
