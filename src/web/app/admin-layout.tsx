import { Outlet } from 'react-router';
import { paths } from '#shared/paths.ts';
import { requireAdmin } from './guards.ts';
import { QueryProvider } from './query-provider.tsx';
import { SideNav, type SideNavItem, SideNavShell } from './side-nav.tsx';

// The admin area (SPEC §2): Admin role required before render; one side navigation.

export function clientLoader() {
  return requireAdmin();
}

const items: SideNavItem[] = [
  { to: paths.adminClients, label: 'Clients' },
  { to: paths.adminProcesses, label: 'Processes' },
  { to: paths.adminZoho, label: 'CRM & Billing Apps' },
  { to: paths.adminAnalytics, label: 'Analytics' },
  { to: paths.adminEnvironment, label: 'Environment' },
  { to: paths.adminSecurity, label: 'Security' },
  { to: paths.adminAuditLogs, label: 'Audit Logs' },
  { to: paths.adminPricing, label: 'Pricing' },
  { to: paths.adminLegal, label: 'Legal Suite' },
  { to: paths.adminEnquiries, label: 'Enquiries' },
];

export default function AdminLayout() {
  return (
    <QueryProvider>
      <SideNavShell nav={<SideNav label="Admin" items={items} />}>
        <Outlet />
      </SideNavShell>
    </QueryProvider>
  );
}
