import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLIENT_PAGE, type ClientSort, clientSorts } from '#shared/clients.ts';
import type { Role } from '#shared/user.ts';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Pager } from '#web/components/pager.tsx';
import { EmptyState, QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { ClientsList } from './clients/clients-list.tsx';
import { matchesClient } from './shared/client-format.ts';
import { clientsQuery } from './shared/clients-api.ts';

const title = 'Clients';
const description =
  'Every client account with its plan, subscription status, last activity and allowed IPs.';

export const meta = () => pageMeta(title, description);

const sortLabels: Record<ClientSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  company: 'Company',
};
// Admin accounts are not clients: listed only when asked for.
const audiences = {
  clients: { label: 'Clients and trials', filter: { exclude: 'Admin' } },
  Client: { label: 'Clients', filter: { role: 'Client' } },
  Trial: { label: 'Trial', filter: { role: 'Trial' } },
  Admin: { label: 'Admins', filter: { role: 'Admin' } },
  all: { label: 'Everyone', filter: {} },
} as const satisfies Record<string, { label: string; filter: { role?: Role; exclude?: Role } }>;
type Audience = keyof typeof audiences;
const isAudience = (value: string): value is Audience => value in audiences;

const accounts = (n: number) =>
  `${new Intl.NumberFormat('en-US').format(n)} account${n === 1 ? '' : 's'}`;

// The list pages and searches on the server: a search, role or order starts
// again from the first page. What is typed narrows the rows on screen at once.

export default function AdminClientsPage() {
  const [search, setSearch] = useState('');
  const [audience, setAudience] = useState<Audience>('clients');
  const [sort, setSort] = useState<ClientSort>('newest');
  const [offset, setOffset] = useState(0);
  const q = useSettled(search);
  const clients = useQuery(clientsQuery({ q, ...audiences[audience].filter, sort, offset }));
  const filtered = Boolean(search.trim() || audience !== 'clients');
  const restart =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOffset(0);
    };

  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="mb-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(0,20rem)_10rem_10rem]">
        <TextField
          label="Search clients"
          type="search"
          placeholder="Name, email, company or code"
          value={search}
          onChange={(event) => restart(setSearch)(event.target.value)}
          className="col-span-2 sm:col-span-1"
        />
        <SelectField
          label="Show"
          options={Object.entries(audiences).map(([value, { label }]) => ({ value, label }))}
          value={audience}
          onChange={(event) => {
            if (isAudience(event.target.value)) restart(setAudience)(event.target.value);
          }}
        />
        <SelectField
          label="Order"
          options={clientSorts.map((value) => ({ value, label: sortLabels[value] }))}
          value={sort}
          onChange={(event) => restart(setSort)(event.target.value as ClientSort)}
        />
      </div>
      <QueryState
        query={clients}
        loading="Loading clients…"
        failed="Clients could not be loaded"
        isEmpty={(page) => page.total === 0 && !filtered}
        empty="No accounts yet. Clients appear here when they register."
      >
        {(page) => {
          const shown = page.rows.filter((client) => matchesClient(client, search));
          return (
            <div className="space-y-4">
              <p className="text-sm text-slate-600" aria-live="polite">
                {filtered ? `${accounts(page.total)} match` : accounts(page.total)}
                {clients.isFetching ? ' · updating…' : ''}
              </p>
              {shown.length > 0 ? (
                <ClientsList clients={shown} />
              ) : (
                <EmptyState>No accounts match these filters.</EmptyState>
              )}
              <Pager
                offset={offset}
                limit={CLIENT_PAGE.default}
                total={page.total}
                label="accounts"
                busy={clients.isPlaceholderData}
                onChange={setOffset}
              />
            </div>
          );
        }}
      </QueryState>
    </>
  );
}
