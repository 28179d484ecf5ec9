import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '#web/components/field.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { EmptyState, QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { ClientsList } from './clients/clients-list.tsx';
import { matchesClient } from './shared/client-format.ts';
import { clientsQuery } from './shared/clients-api.ts';

const title = 'Clients';
const description =
  'Every client account with its role, company, subscription status and allowed IPs.';

export const meta = () => pageMeta(title, description);

export default function AdminClientsPage() {
  const clients = useQuery(clientsQuery());
  const [search, setSearch] = useState('');
  const shown = (clients.data ?? []).filter((client) => matchesClient(client, search));

  return (
    <>
      <PageHeader title={title} description={description} />
      <QueryState
        query={clients}
        loading="Loading clients…"
        failed="Clients could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty="No accounts yet. Clients appear here when they register."
      >
        {(list) => (
          <>
            <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
              <TextField
                label="Search clients"
                type="search"
                placeholder="Name, email or company"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="w-full sm:w-80"
              />
              <p className="text-sm text-slate-600" aria-live="polite">
                {search.trim()
                  ? `${shown.length} of ${list.length} accounts`
                  : `${list.length} accounts`}
              </p>
            </div>
            {shown.length > 0 ? (
              <ClientsList clients={shown} />
            ) : (
              <EmptyState>No accounts match “{search.trim()}”.</EmptyState>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
