import { Outlet } from 'react-router';
import { paths } from '#shared/paths.ts';
import { useSession } from '#web/lib/session.ts';
import type { Route } from './+types/portal-layout.ts';
import { requireSignedIn } from './guards.ts';
import { navAccess } from './nav-access.ts';
import { QueryProvider } from './query-provider.tsx';
import { SideNav, type SideNavItem, SideNavShell } from './side-nav.tsx';

// The signed-in area (SPEC §2): guarded before render, with the portal sidebar.

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return requireSignedIn(request);
}

export default function PortalLayout() {
  const session = useSession();
  const access = navAccess(session?.user ?? null);
  const items: SideNavItem[] = [
    { to: paths.client, label: 'Overview', end: true },
    { to: paths.clientProcesses, label: 'Processes' },
    { to: paths.clientScheduler, label: 'Scheduler' },
    { to: paths.billing, label: 'Billing' },
    ...(access.analytics ? [{ to: paths.clientAnalytics, label: 'Analytics' }] : []),
    ...(access.team ? [{ to: paths.team, label: 'Team' }] : []),
    ...(access.catalog ? [{ to: paths.catalog, label: 'Catalog' }] : []),
  ];
  return (
    <QueryProvider>
      <SideNavShell nav={<SideNav label="Client Portal" items={items} />}>
        <Outlet />
      </SideNavShell>
    </QueryProvider>
  );
}
