import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLIENT_PAGE, type ClientSort, clientSorts } from '#shared/clients.ts';
import { totalText } from '#shared/paging.ts';
import type { Role } from '#shared/user.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { EmptyState, QueryState } from '#web/components/query-state.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { ClientsList } from './clients/clients-list.tsx';
import { clientPageQuery } from './clients/clients-page-api.ts';
import { matchesClient } from './shared/client-format.ts';

const title = 'Clients';
const description =
  'Every client account with its plan, billing status, last activity and allowed IPs; team members are listed under their owner.';

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

const accounts = (page: { total: number; totalCapped: boolean }) =>
  `${totalText(page)} account${page.total === 1 && !page.totalCapped ? '' : 's'}`;

const shownText = (pagesBefore: number, shown: number) => {
  const first = pagesBefore * CLIENT_PAGE.default + 1;
  return `Accounts ${first}–${first + shown - 1}`;
};

// The list pages and searches on the server: Next asks for the accounts after the last
// one shown (its cursor), Previous goes back to a cursor already used. The cursors belong
// to one search, role and order: changing any starts again from the first page. What is
// typed narrows the rows on screen at once.

export default function AdminClientsPage() {
  const [search, setSearch] = useState('');
  const [audience, setAudience] = useState<Audience>('clients');
  const [sort, setSort] = useState<ClientSort>('newest');
  const q = useSettled(search).trim();
  const pages = useCursorPages(`${q}\n${audience}\n${sort}`);
  const clients = useQuery(
    clientPageQuery({ q, ...audiences[audience].filter, sort, after: pages.cursor }),
  );
  const filtered = Boolean(search.trim() || audience !== 'clients');

  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="mb-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(0,20rem)_10rem_10rem]">
        <TextField
          label="Search clients"
          type="search"
          placeholder="Name, email, company or code"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="col-span-2 sm:col-span-1"
        />
        <SelectField
          label="Show"
          options={Object.entries(audiences).map(([value, { label }]) => ({ value, label }))}
          value={audience}
          onChange={(event) => {
            if (isAudience(event.target.value)) setAudience(event.target.value);
          }}
        />
        <SelectField
          label="Order"
          options={clientSorts.map((value) => ({ value, label: sortLabels[value] }))}
          value={sort}
          onChange={(event) => setSort(event.target.value as ClientSort)}
        />
      </div>
      <div ref={pages.top} className="scroll-mt-4">
        <QueryState
          query={clients}
          loading="Loading clients…"
          failed="Clients could not be loaded"
          isEmpty={(page) => page.total === 0 && !filtered}
          empty="No accounts yet. Clients appear here when they register."
        >
          {(page) => {
            // An owner is found by its members too, as the server finds it.
            const shown = page.rows.filter(
              (client) =>
                matchesClient(client, search) ||
                client.team.some((member) =>
                  matchesClient({ ...member, companyName: null, companyCode: null }, search),
                ),
            );
            return (
              <div className="space-y-4">
                <p className="text-sm text-slate-600" aria-live="polite">
                  {filtered ? `${accounts(page)} match` : accounts(page)}
                  {clients.isFetching ? ' · updating…' : ''}
                </p>
                {shown.length > 0 ? (
                  <ClientsList clients={shown} />
                ) : (
                  <EmptyState>No accounts match these filters.</EmptyState>
                )}
                {pages.pagesBefore > 0 || page.nextCursor ? (
                  <CursorPager
                    label="accounts"
                    text={shownText(pages.pagesBefore, page.rows.length)}
                    busy={clients.isPlaceholderData}
                    {...pages.turns(page.nextCursor)}
                  />
                ) : null}
              </div>
            );
          }}
        </QueryState>
      </div>
    </>
  );
}
