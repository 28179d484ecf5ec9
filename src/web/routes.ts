import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { runsScreenPath } from '#shared/admin-runs.ts';
import { alertsScreenPath } from '#shared/alerts.ts';
import { booksScreenPath } from '#shared/books.ts';
import { paths } from '#shared/paths.ts';

// Every screen of SPEC §2. Paths come from #shared/paths.ts; route paths are written
// without the leading slash because they nest under path-less layouts.

const at = (path: string) => path.replace(/^\//, '');
const publicPage = (path: string, file: string) => route(at(path), `pages/public/${file}.tsx`);
const portalPage = (path: string, file: string) => route(at(path), `pages/portal/${file}.tsx`);
const adminPage = (path: string, file: string) => route(at(path), `pages/admin/${file}.tsx`);

export default [
  layout('app/site-layout.tsx', [
    index('pages/public/home.tsx'),
    publicPage(paths.about, 'about'),
    publicPage(paths.contact, 'contact'),
    publicPage(paths.services, 'services'),
    publicPage(paths.projects, 'projects'),
    publicPage(paths.consulting, 'consulting'),
    publicPage(paths.privacy, 'privacy'),
    publicPage(paths.terms, 'terms'),
    publicPage(paths.accessibility, 'accessibility'),
    publicPage(paths.login, 'auth/login'),
    publicPage(paths.register, 'auth/register'),
    publicPage(paths.forgotPassword, 'auth/forgot-password'),
    publicPage(paths.resetPassword, 'auth/reset-password'),
    publicPage(paths.invite, 'auth/invite'),
    publicPage(paths.verifyEmail, 'auth/verify-email'),
    route(at(paths.payPortal), 'pages/pay/portal.tsx'),
    route(at(paths.payInvoice), 'pages/pay/invoice.tsx'),

    layout('app/portal-layout.tsx', [
      portalPage(paths.client, 'client-home'),
      portalPage(paths.clientProcesses, 'processes'),
      portalPage(paths.clientScheduler, 'scheduler'),
      portalPage(paths.clientAnalytics, 'analytics'),
      portalPage(paths.billing, 'billing'),
      portalPage(paths.settings, 'settings'),
      portalPage(paths.team, 'team'),
      portalPage(paths.catalog, 'catalog'),
    ]),

    layout('app/admin-layout.tsx', [
      adminPage(paths.admin, 'admin-home'),
      adminPage(paths.adminClients, 'clients'),
      adminPage(`${paths.adminClients}/:id`, 'client-detail'),
      adminPage(booksScreenPath, 'books'),
      adminPage(paths.adminProcesses, 'processes'),
      adminPage(runsScreenPath, 'runs'),
      adminPage(alertsScreenPath, 'alerts'),
      adminPage(paths.adminZoho, 'zoho'),
      adminPage(paths.adminAnalytics, 'analytics'),
      adminPage(paths.adminEnvironment, 'environment'),
      adminPage(paths.adminSecurity, 'security'),
      adminPage(paths.adminAuditLogs, 'audit-logs'),
      adminPage(paths.adminPricing, 'pricing'),
      adminPage(paths.adminLegal, 'legal'),
      adminPage(paths.adminEnquiries, 'enquiries'),
      adminPage(paths.adminOutbox, 'outbox'),
      adminPage(paths.adminCatalogRequests, 'catalog-requests'),
    ]),

    route('*', 'pages/not-found.tsx'),
  ]),
] satisfies RouteConfig;
