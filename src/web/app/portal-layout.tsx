import { Outlet } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useAccount } from '#web/lib/account.ts';
// Sets the zone every time is shown in (Profile), before the first screen renders; not in
// the root, so the public pages, which show no time of day, do not load the dates module.
import '#web/lib/reader-zone.ts';
import type { Route } from './+types/portal-layout.ts';
import { requireSignedIn } from './guards.ts';
import { QueryProvider } from './query-provider.tsx';
import { useSignInWhenSessionEnds } from './session-expiry.ts';
import { SideNav, type SideNavItem, SideNavShell } from './side-nav.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

// The signed-in area (SPEC §2): guarded before render, with the portal sidebar, the
// banner asking to verify the address until it is, and the way to sign in again when
// the session ends under an open screen.

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return requireSignedIn(request);
}

function PortalNav() {
  // Optional entries follow the account's capabilities (SPEC §2 sidebar, §6).
  const { capabilities } = useAccount();
  const items: SideNavItem[] = [
    { to: paths.client, label: 'Overview', end: true },
    { to: paths.clientProcesses, label: 'Processes' },
    { to: paths.clientScheduler, label: 'Scheduler' },
    { to: paths.billing, label: 'Billing' },
    ...(capabilities.hasAnalyticsAccess ? [{ to: paths.clientAnalytics, label: 'Analytics' }] : []),
    ...(capabilities.hasTeamSeats ? [{ to: paths.team, label: 'Team' }] : []),
    ...(capabilities.hasCatalogAccess ? [{ to: paths.catalog, label: 'Catalog' }] : []),
  ];
  return <SideNav label="Client Portal" items={items} />;
}

/** Signed-in screens end with the compact footer (site-layout.tsx). */
export const handle = { compactFooter: true };

export default function PortalLayout() {
  useSignInWhenSessionEnds();
  return (
    <QueryProvider>
      <SideNavShell nav={<PortalNav />}>
        <VerifyEmailBanner />
        <Outlet />
      </SideNavShell>
    </QueryProvider>
  );
}
