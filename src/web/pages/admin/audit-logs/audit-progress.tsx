import type { ReactNode } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { AUDIT_FETCH_LIMIT, type AuditPages } from './audit-api.ts';

// How far the audit log has been read, said truthfully. Without search words, the pages
// are the newest entries. With them, the server reads a bounded number of entries a
// request when the words are common (docs/decisions/018-run-rollups.md): a page can hold
// few matches, or none, and older entries still remain to be searched. The line then says
// the date the search has reached, and the button searches further back.

export interface AuditProgressProps {
  pages: AuditPages;
  /** How many of the loaded entries the search box keeps on screen. */
  shown: number;
  /** The server was asked for search words (not only level and source). */
  searching: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  updating: boolean;
  onOlder: () => void;
}

function extent({ pages, searching, hasOlder }: AuditProgressProps): string {
  const loaded = pages.entries.length;
  if (searching && hasOlder && pages.readBackTo) {
    return `. Searched entries back to ${formatDateTime(pages.readBackTo)}; older ones below.`;
  }
  if (searching) return '. Searched every entry.';
  return hasOlder ? ` (the newest ${loaded}; older ones below)` : '';
}

export function AuditCount(props: AuditProgressProps) {
  const loaded = props.pages.entries.length;
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      Showing {props.shown} of {loaded} {loaded === 1 ? 'entry' : 'entries'}
      {extent(props)}
      {props.updating ? ' · updating…' : ''}
    </p>
  );
}

/** Said instead of the table when none of the loaded entries is shown. */
export function AuditEmpty({
  filtered,
  ...props
}: AuditProgressProps & { filtered: boolean }): ReactNode {
  if (props.hasOlder && !(props.searching && props.pages.readBackTo)) return null;
  return (
    <Card className="text-center text-sm text-slate-600">
      {props.hasOlder && props.pages.readBackTo
        ? `None of the entries back to ${formatDateTime(props.pages.readBackTo)} match.`
        : filtered
          ? 'No entries match these filters.'
          : 'Nothing has been recorded yet. Sign-ins, changes and failed runs appear here.'}
    </Card>
  );
}

export function AuditOlder(props: AuditProgressProps) {
  if (!props.hasOlder) return null;
  const label =
    props.searching && props.pages.stoppedReading
      ? 'Search older entries'
      : `Load ${AUDIT_FETCH_LIMIT} older entries`;
  return (
    <div className="flex justify-center">
      <Button variant="secondary" onClick={props.onOlder} disabled={props.loadingOlder}>
        {props.loadingOlder ? 'Loading…' : label}
      </Button>
    </div>
  );
}
