import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { AuditEntry, AuditLevel } from '#shared/audit.ts';
import { formatDate, formatTimeWithSeconds } from '#shared/dates.ts';
import { paths } from '#shared/paths.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';
import { detailsText, previewOf, userText } from './audit-text.ts';

// The pieces of an audit entry that the table and the phone list share. Long details
// show their first 300 characters with a Show more / Show less toggle (SPEC §9).

const levelTones: Record<AuditLevel, BadgeTone> = { error: 'red', warning: 'amber', info: 'blue' };
const levelNames: Record<AuditLevel, string> = { error: 'Error', warning: 'Warning', info: 'Info' };

export function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="block whitespace-nowrap">
      {formatDate(iso)}
      <span className="block text-xs text-slate-500">{formatTimeWithSeconds(iso)}</span>
    </time>
  );
}

/** The one mark for an empty cell: a dash, read as "None". */
export function Empty() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">–</span>
      <span className="sr-only">None</span>
    </span>
  );
}

export function Details({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const text = detailsText(entry.details);
  if (!text) return <Empty />;
  const preview = previewOf(text);
  return (
    <div className="max-w-md min-w-0 md:min-w-52">
      <p id={id} className="text-xs break-words whitespace-pre-wrap text-slate-700">
        {open ? text : preview.text}
      </p>
      {preview.truncated ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="mt-1 text-xs font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}

export function LevelBadge({ level }: { level: AuditLevel }) {
  return <Badge tone={levelTones[level]}>{levelNames[level]}</Badge>;
}

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

export function UserLink({ entry }: { entry: AuditEntry }) {
  if (!entry.userId) return <Empty />;
  return (
    <Link to={paths.adminClient(entry.userId)} className={`${linkClass} break-words`}>
      {userText(entry)}
    </Link>
  );
}
