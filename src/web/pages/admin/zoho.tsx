import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { type User, zohoIdKeys } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Card } from '#web/components/card.tsx';
import { StatusChip } from '#web/components/chips.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { companyText } from './shared/client-format.ts';
import { clientQuery } from './shared/clients-api.ts';
import { ClientPicker } from './zoho/client-picker.tsx';
import { CrmActionsPanel } from './zoho/crm-actions-panel.tsx';
import { CrmIdsForm } from './zoho/crm-ids-form.tsx';
import { QuickLinks } from './zoho/quick-links.tsx';

const title = 'CRM & Billing Apps';
const description =
  'Link clients to CRM and billing records, provision subscriptions and sync their status.';

export const meta = () => pageMeta(title, description);

// The chosen client lives in the address (?client=id), so a reload or a shared link
// opens the same client.
const CLIENT_PARAM = 'client';

function SelectedClient({ client, loading }: { client: User | null; loading: boolean }) {
  if (loading) return <Spinner label="Loading client…" />;
  if (!client)
    return (
      <Card className="p-4 text-sm text-slate-600 sm:p-5">
        No client selected. Choose one from the list to see and edit its ids.
      </Card>
    );
  const company = companyText(client);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <h2 className="truncate text-lg font-semibold text-slate-900">{displayName(client)}</h2>
        <p className="truncate text-sm text-slate-600">
          {client.email}
          {company ? ` · ${company}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <StatusChip status={client.subscription.status} />
        <Link
          to={paths.adminClient(client._id)}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          Open client
        </Link>
      </div>
    </Card>
  );
}

export default function AdminZohoPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(CLIENT_PARAM);
  const selected = useQuery({ ...clientQuery(selectedId ?? ''), enabled: Boolean(selectedId) });
  const client = selected.data ?? null;
  const loadingClient = Boolean(selectedId) && selected.isPending;
  // Forms start again from the server's values when the client or its saved ids change.
  const idsKey = client ? JSON.stringify([client._id, ...zohoIdKeys.map((k) => client[k])]) : '';

  const select = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(CLIENT_PARAM, id);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <ClientPicker selectedId={selectedId} onSelect={select} />
        <div className="min-w-0 space-y-6">
          {selected.isError ? (
            <Alert title="This client could not be loaded">
              <p>{selected.error.message}</p>
            </Alert>
          ) : (
            <SelectedClient client={client} loading={loadingClient} />
          )}
          <CrmIdsForm key={idsKey} client={client} loading={loadingClient} />
          <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
            <CrmActionsPanel key={client?._id ?? ''} client={client} loading={loadingClient} />
            <QuickLinks client={client} />
          </div>
        </div>
      </div>
    </>
  );
}
