import { Link } from 'react-router';
import type { ClientRow } from '#shared/clients.ts';
import { formatDate } from '#shared/dates.ts';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { AccountStateChip, NoIpsChip } from '#web/components/chips.tsx';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { companyText } from '../shared/client-format.ts';
import { BillingChip, planText, TeamUnder, UnverifiedChip } from './client-team.tsx';

// SPEC §2 clients list: name or email, role, company and code, the status chip, a No IPs
// set chip (information, not a warning), Open and Edit; with the plan, when the account
// was last active, the owner's team under its name and who has not verified an address.
// A table from md up; stacked cards on phones.

const linkClass = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

function Chips({ client }: { client: ClientRow }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <BillingChip client={client} />
      <UnverifiedChip verified={client.emailVerified} />
      <AccountStateChip account={client} />
      {client.security.allowedIps.length === 0 && !client.erasedAt ? <NoIpsChip /> : null}
    </span>
  );
}

function Actions({ client }: { client: ClientRow }) {
  const name = displayName(client);
  return (
    <span className="flex gap-4">
      <Link to={paths.adminClient(client._id)} className={linkClass} aria-label={`Open ${name}`}>
        Open
      </Link>
      <Link
        to={`${paths.adminClient(client._id)}#account`}
        className={linkClass}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
    </span>
  );
}

/** "Today", "Yesterday", "5 days ago", then the date; "Never" for an account not used yet. */
export function activityText(iso: string | null, now = Date.now()): string {
  if (!iso) return 'Never';
  const days = Math.floor((now - Date.parse(iso)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 30) return `${days} days ago`;
  return formatDate(iso);
}

function LastActive({ client }: { client: ClientRow }) {
  return client.lastActiveAt ? (
    <time dateTime={client.lastActiveAt}>{activityText(client.lastActiveAt)}</time>
  ) : (
    <span className="text-slate-500">Never</span>
  );
}

function Company({ client }: { client: ClientRow }) {
  const text = companyText(client);
  return <span className={text ? undefined : 'text-slate-500'}>{text ?? 'No company'}</span>;
}

// The server's order (SPEC §2), so the headers do not sort.
const columns: ColumnDef<ClientRow>[] = [
  {
    id: 'client',
    header: 'Client',
    meta: { className: 'max-w-64' },
    cell: ({ row: { original: client } }) => (
      <>
        <p className="truncate font-medium text-slate-900">{displayName(client)}</p>
        {client.name.trim() ? <p className="truncate text-slate-600">{client.email}</p> : null}
        <TeamUnder client={client} />
      </>
    ),
  },
  { id: 'role', header: 'Role', cell: ({ row }) => row.original.role },
  { id: 'plan', header: 'Plan', cell: ({ row }) => planText(row.original) },
  {
    id: 'company',
    header: 'Company',
    meta: { className: 'max-w-56 break-words text-slate-700' },
    cell: ({ row }) => <Company client={row.original} />,
  },
  {
    id: 'active',
    header: 'Last active',
    meta: { className: 'whitespace-nowrap text-slate-700' },
    cell: ({ row }) => <LastActive client={row.original} />,
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: '' },
    cell: ({ row }) => <Chips client={row.original} />,
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'text-right' },
    cell: ({ row }) => <Actions client={row.original} />,
  },
];

export function ClientsList({ clients }: { clients: ClientRow[] }) {
  return (
    <>
      <DataTable
        data={clients}
        columns={columns}
        caption="Clients"
        rowKey={(client) => client._id}
        sortable={false}
        className="hidden md:block"
      />

      <ul className="space-y-3 md:hidden">
        {clients.map((client) => (
          <li
            key={client._id}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{displayName(client)}</p>
                {client.name.trim() ? (
                  <p className="truncate text-sm text-slate-600">{client.email}</p>
                ) : null}
              </div>
              <span className="shrink-0 text-sm text-slate-700">
                {client.role} · {planText(client)}
              </span>
            </div>
            <TeamUnder client={client} />
            <p className="mt-2 text-sm break-words text-slate-700">
              <Company client={client} />
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Last active <LastActive client={client} />
            </p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
              <Chips client={client} />
              <Actions client={client} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
