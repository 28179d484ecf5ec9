import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { AccountStateChip, NoIpsChip, StatusChip } from '#web/components/chips.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/client-detail.ts';
import { AccountCard } from './client-detail/account-card.tsx';
import { AccountStatusCard } from './client-detail/account-status-card.tsx';
import { AllowedIpsCard } from './client-detail/allowed-ips-card.tsx';
import { CatalogRequestsCard } from './client-detail/catalog-requests-card.tsx';
import { CompanyCard } from './client-detail/company-card.tsx';
import { CrmIdsCard } from './client-detail/crm-ids-card.tsx';
import { EntitlementsCard } from './client-detail/entitlements-card.tsx';
import { IntegrationKeyCard } from './client-detail/integration-key-card.tsx';
import { InvoicesCard } from './client-detail/invoices-card.tsx';
import { PrivacyCard } from './client-detail/privacy-card.tsx';
import { ResetPasswordCard } from './client-detail/reset-password-card.tsx';
import { TestAsClient } from './client-detail/test-as-client.tsx';
import { clientQuery } from './shared/clients-api.ts';

export const meta = () =>
  pageMeta('Client', 'Account, entitlements, billing presets, allowed IPs and integrations.');

const backLink = (
  <Link to={paths.adminClients} className="text-sm font-semibold text-brand-700 hover:underline">
    ← All clients
  </Link>
);

// Each editor is keyed by the saved values it shows, so after a save (or a change made
// by another editor, e.g. the plan) it starts again from what the server now holds.
const keyOf = (...values: unknown[]) => JSON.stringify(values);

function Editors({ client }: { client: User }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {/* Not keyed on the status: a refetch after "Set status" must not reset a choice
          the admin has made meanwhile. */}
      <AccountStatusCard client={client} />
      <AccountCard
        key={keyOf(client.name, client.email, client.role, client.subscription.plan)}
        client={client}
      />
      <EntitlementsCard
        key={keyOf(client.subscription.plan, client.entitlements, client.billingPrefs)}
        client={client}
      />
      <CompanyCard key={keyOf(client.companyName, client.companyCode)} client={client} />
      <AllowedIpsCard key={keyOf(client.security.allowedIps)} client={client} />
      <IntegrationKeyCard key={keyOf(client.integrationKeys)} client={client} />
      <ResetPasswordCard client={client} />
      <CrmIdsCard
        key={keyOf(
          client.zohoContactId,
          client.zohoSubscriptionId,
          client.zohoCRMContactId,
          client.zohoBooksContactId,
          client.zohoDeskContactId,
          client.zohoSubscriptionsCustomerId,
        )}
        client={client}
      />
      <CatalogRequestsCard client={client} />
      <InvoicesCard key={keyOf(client.billingPrefs)} client={client} />
      <PrivacyCard client={client} />
    </div>
  );
}

export default function AdminClientDetailPage({ params }: Route.ComponentProps) {
  const client = useQuery(clientQuery(params.id));
  const { hash } = useLocation();
  const loaded = client.isSuccess;

  // The list's Edit link points at #account, which exists only once the client has
  // loaded, after the router's own scroll already ran.
  useEffect(() => {
    if (!loaded || !hash) return;
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    section?.scrollIntoView();
    section?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  }, [loaded, hash]);

  if (client.isPending) return <Spinner label="Loading client…" />;
  if (client.isError) {
    const missing = client.error instanceof ApiError && client.error.status === 404;
    return (
      <div className="space-y-4">
        {backLink}
        <Alert title={missing ? 'Client not found' : 'The client could not be loaded'}>
          <p>{missing ? 'This account does not exist or was removed.' : client.error.message}</p>
          {missing ? null : (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => client.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      </div>
    );
  }

  const data = client.data;
  return (
    <>
      <div className="mb-4">{backLink}</div>
      <PageHeader
        title={displayName(data)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{data.email}</span>
            <span aria-hidden="true">·</span>
            <span>{data.role}</span>
            <StatusChip status={data.subscription.status} />
            <AccountStateChip account={data} />
            {data.security.allowedIps.length === 0 ? <NoIpsChip /> : null}
          </span>
        }
        actions={<TestAsClient client={data} />}
      />
      <Editors client={data} />
    </>
  );
}
