import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { TextField } from '#web/components/field.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { clientsQuery } from './clients/clients-api.ts';
import { ClientsList } from './clients/clients-list.tsx';

const title = 'Clients';
const description =
  'Every client account with its role, company, subscription status and allowed IPs.';

export const meta = () => pageMeta(title, description);

export default function AdminClientsPage() {
  const clients = useQuery(clientsQuery());
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (clients.data ?? []).filter((client) =>
    [client.name, client.email, client.companyName, client.companyCode].some((value) =>
      value?.toLowerCase().includes(needle),
    ),
  );

  return (
    <>
      <PageHeader title={title} description={description} />
      {clients.isPending ? (
        <Spinner label="Loading clients…" />
      ) : clients.isError ? (
        <Alert title="Clients could not be loaded">
          <p>{clients.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => clients.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : clients.data.length === 0 ? (
        <Card className="text-center text-sm text-slate-600">
          No accounts yet. Clients appear here when they register.
        </Card>
      ) : (
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
              {needle
                ? `${shown.length} of ${clients.data.length} accounts`
                : `${clients.data.length} accounts`}
            </p>
          </div>
          {shown.length > 0 ? (
            <ClientsList clients={shown} />
          ) : (
            <Card className="text-center text-sm text-slate-600">
              No accounts match “{search.trim()}”.
            </Card>
          )}
        </>
      )}
    </>
  );
}
