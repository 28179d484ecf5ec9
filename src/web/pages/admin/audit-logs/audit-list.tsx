import type { AuditEntry } from '#shared/audit.ts';
import { Details, Empty, LevelBadge, Time, UserLink } from './audit-parts.tsx';
import { detailsText, processText } from './audit-text.ts';

// The audit log on phones: one card per entry, newest first, so the message reads
// without scrolling a seven-column table sideways.

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul className="space-y-3" aria-label="Audit log entries, newest first">
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3 text-sm text-slate-700">
            <Time iso={entry.createdAt} />
            <LevelBadge level={entry.level} />
          </div>
          <p className="mt-2 font-medium break-words text-slate-900">{entry.message}</p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Source</dt>
            <dd className="break-words text-slate-800">{entry.source}</dd>
            <dt className="text-slate-600">User</dt>
            <dd>
              <UserLink entry={entry} />
            </dd>
            <dt className="text-slate-600">Process</dt>
            <dd className="break-words text-slate-800">{processText(entry) || <Empty />}</dd>
          </dl>
          {detailsText(entry.details) ? (
            <div className="mt-3 border-t border-slate-100 pt-3">
              <Details entry={entry} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
