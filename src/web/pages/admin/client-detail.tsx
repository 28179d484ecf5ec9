import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { billingStateOf } from '#shared/billing-states.ts';
import { displayName } from '#shared/display-name.ts';
import { paths } from '#shared/paths.ts';
import { type User, zohoIdKeys } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { BillingStateBadge } from '#web/components/billing-state-badge.tsx';
import { Button } from '#web/components/button.tsx';
import { AccountStateChip, NoIpsChip } from '#web/components/chips.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { type TabItem, TabSet } from '#web/components/tab-set.tsx';
import { ApiError } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/client-detail.ts';
import { AccountTab, accountValues } from './client-detail/account-tab.tsx';
import { BillingTab } from './client-detail/billing-tab.tsx';
import { EntitlementsTab } from './client-detail/entitlements-tab.tsx';
import { IntegrationsTab } from './client-detail/integrations-tab.tsx';
import { SecurityTab } from './client-detail/security-tab.tsx';
import { TeamLine } from './client-detail/team-line.tsx';
import { TestAsClient } from './client-detail/test-as-client.tsx';
import { clientQuery, clientTeamQuery } from './shared/clients-api.ts';

export const meta = () =>
  pageMeta('Client', 'Account, entitlements, billing presets, allowed IPs and integrations.');

const backLink = (
  <Link to={paths.adminClients} className="text-sm font-semibold text-brand-700 hover:underline">
    ← All clients
  </Link>
);

// Each tab's form is keyed by the saved values it shows, so after a save (or a change made
// on another tab, e.g. the plan) it starts again from what the server now holds.
const keyOf = (...values: unknown[]) => JSON.stringify(values);

const tabIds = ['account', 'billing', 'entitlements', 'integrations', 'security'] as const;
type TabId = (typeof tabIds)[number];
const tabFromHash = (hash: string): TabId => tabIds.find((id) => `#${id}` === hash) ?? 'account';

function clientTabs(client: User): (TabItem & { id: TabId })[] {
  const { subscription: sub } = client;
  const zohoIds = zohoIdKeys.map((key) => client[key]);
  return [
    {
      id: 'account',
      label: 'Account',
      content: <AccountTab client={client} formKey={keyOf(accountValues(client))} />,
    },
    {
      id: 'billing',
      label: 'Plan & billing',
      content: (
        <BillingTab client={client} formKey={keyOf(sub.plan, sub.status, client.billingPrefs)} />
      ),
    },
    {
      id: 'entitlements',
      label: 'Entitlements',
      content: <EntitlementsTab client={client} formKey={keyOf(sub.plan, client.entitlements)} />,
    },
    {
      id: 'integrations',
      label: 'Integrations',
      content: <IntegrationsTab client={client} formKey={keyOf(client.integrationKeys, zohoIds)} />,
    },
    {
      id: 'security',
      label: 'Security',
      content: <SecurityTab client={client} formKey={keyOf(client.security.allowedIps)} />,
    },
  ];
}

export default function AdminClientDetailPage({ params }: Route.ComponentProps) {
  const client = useQuery(clientQuery(params.id));
  const team = useQuery(clientTeamQuery(params.id));
  const { hash } = useLocation();
  const navigate = useNavigate();
  const selected = tabFromHash(hash);
  const loaded = client.isSuccess;
  const openedAt = useRef(hash);

  // A link to a tab (the list's Edit goes to #account) starts in its first field, once
  // the client has loaded. Choosing a tab later leaves focus on the tab.
  useEffect(() => {
    if (!loaded || !openedAt.current) return;
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])');
    panel?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    openedAt.current = '';
  }, [loaded]);

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
            <BillingStateBadge
              state={billingStateOf({
                role: data.role,
                subscriptionStatus: data.subscription.status,
                isTeamMember: Boolean(team.data?.owner),
              })}
            />
            {data.emailVerified ? null : <Badge tone="amber">E-mail not verified</Badge>}
            <AccountStateChip account={data} />
            {data.security.allowedIps.length === 0 ? <NoIpsChip /> : null}
          </span>
        }
        actions={<TestAsClient client={data} />}
      />
      {team.data ? <TeamLine team={team.data} /> : null}
      <TabSet
        label="Client settings"
        tabs={clientTabs(data)}
        selected={selected}
        onSelect={(id) => navigate({ hash: id }, { replace: true, preventScrollReset: true })}
        keepMounted
      />
    </>
  );
}
