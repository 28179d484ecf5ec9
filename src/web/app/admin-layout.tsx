import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { runsScreenPath } from '#shared/admin-runs.ts';
import { alertsScreenPath } from '#shared/alerts.ts';
import { booksScreenPath } from '#shared/books.ts';
import { paths } from '#shared/paths.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { Alert } from '#web/components/alert.tsx';
import { failedOutboxQuery } from '#web/lib/failed-outbox.ts';
// Sets the zone every time is shown in (Profile), before the first screen renders; not in
// the root, so the public pages, which show no time of day, do not load the dates module.
import '#web/lib/reader-zone.ts';
import { useSession } from '#web/lib/session.ts';
import { twoFactorStatusQuery } from '#web/lib/two-factor-status.ts';
import type { Route } from './+types/admin-layout.ts';
import { requireAdmin } from './guards.ts';
import { QueryProvider } from './query-provider.tsx';
import { useSignInWhenSessionEnds } from './session-expiry.ts';
import { SideNav, type SideNavItem, SideNavShell } from './side-nav.tsx';

// The admin area (SPEC §2): Admin role required before render; one side navigation.

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return requireAdmin(request);
}

const items: SideNavItem[] = [
  // The landing screen: only /admin itself, not every admin path under it, is Today.
  { to: paths.admin, label: 'Today', end: true },
  { to: paths.adminClients, label: 'Clients' },
  { to: booksScreenPath, label: 'Books' },
  { to: paths.adminProcesses, label: 'Processes' },
  { to: runsScreenPath, label: 'Runs' },
  { to: alertsScreenPath, label: 'Alerts' },
  { to: paths.adminZoho, label: 'CRM & Billing Apps' },
  { to: paths.adminAnalytics, label: 'Analytics' },
  { to: paths.adminEnvironment, label: 'Environment' },
  { to: paths.adminSecurity, label: 'Security' },
  { to: paths.adminAuditLogs, label: 'Audit Logs' },
  { to: paths.adminPricing, label: 'Pricing' },
  { to: paths.adminLegal, label: 'Legal Suite' },
  { to: paths.adminEnquiries, label: 'Enquiries' },
  { to: paths.adminCatalogRequests, label: 'Catalog requests' },
  { to: paths.adminOutbox, label: 'Outbox' },
];

/** The navigation, with the number of mails and webhook notices that failed beside Outbox. */
function AdminNav() {
  const { data } = useQuery(failedOutboxQuery());
  const failed = (data?.failed ?? 0) + (data?.failedWebhooks ?? 0);
  const withBadge = items.map((item) =>
    item.to === paths.adminOutbox
      ? {
          ...item,
          badge: { count: failed, label: failed === 1 ? 'failed message' : 'failed messages' },
        }
      : item,
  );
  return <SideNav label="Admin" items={withBadge} />;
}

/**
 * With ADMIN_REQUIRE_2FA the server refuses every admin call until the admin turns on
 * two-factor sign-in; this says why the screens are empty and where to fix it.
 */
function TwoFactorRequiredNotice() {
  const userId = useSession()?.user._id ?? '';
  const { data } = useQuery(twoFactorStatusQuery(userId));
  if (!data?.required || data.enabled) return null;
  return (
    <div className="mb-6">
      <Alert title="Two-factor sign-in required">
        <p>{twoFactorMessages.required}</p>
        <p className="mt-2">
          <Link to={`${paths.settings}#two-factor`} className="font-semibold underline">
            Set up two-factor sign-in or a passkey on your Profile
          </Link>
        </p>
      </Alert>
    </div>
  );
}

/** Signed-in screens end with the compact footer (site-layout.tsx). */
export const handle = { compactFooter: true };

export default function AdminLayout() {
  useSignInWhenSessionEnds();
  return (
    <QueryProvider>
      <SideNavShell nav={<AdminNav />}>
        <TwoFactorRequiredNotice />
        <Outlet />
      </SideNavShell>
    </QueryProvider>
  );
}
