import type { AuditEntry } from '#shared/audit.ts';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { AuditList } from './audit-list.tsx';
import { Details, Empty, LevelBadge, Time, UserLink } from './audit-parts.tsx';
import { processText, userText } from './audit-text.ts';
import { useWide } from './use-wide.ts';

// The audit log as a sortable table (SPEC §2 Audit logs): time, level, source, message,
// user, process, details.

const columns: ColumnDef<AuditEntry>[] = [
  {
    accessorKey: 'createdAt',
    header: 'Time',
    cell: ({ row }) => <Time iso={row.original.createdAt} />,
  },
  {
    accessorKey: 'level',
    header: 'Level',
    cell: ({ row }) => <LevelBadge level={row.original.level} />,
  },
  { accessorKey: 'source', header: 'Source' },
  {
    accessorKey: 'message',
    header: 'Message',
    cell: ({ row }) => (
      <span className="block max-w-xs min-w-40 break-words text-slate-900">
        {row.original.message}
      </span>
    ),
  },
  {
    id: 'user',
    header: 'User',
    accessorFn: userText,
    cell: ({ row }) => <UserLink entry={row.original} />,
  },
  {
    id: 'process',
    header: 'Process',
    accessorFn: processText,
    cell: ({ row }) =>
      processText(row.original) ? (
        <span className="break-words">{processText(row.original)}</span>
      ) : (
        <Empty />
      ),
  },
  {
    id: 'details',
    header: 'Details',
    enableSorting: false,
    cell: ({ row }) => <Details entry={row.original} />,
  },
];

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable
      data={entries}
      columns={columns}
      caption="Audit log entries, newest first"
      initialSorting={[{ id: 'createdAt', desc: true }]}
      rowKey={(entry) => entry._id}
    />
  );
}

/** The table from md up, cards on phones. */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return useWide() ? <AuditTable entries={entries} /> : <AuditList entries={entries} />;
}
