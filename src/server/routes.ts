import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteRoutes } from '#server/api/serve.ts';
import { accountRoutes } from '#server/features/account/portal-routes.ts';
import { adminRunsRoutes } from '#server/features/admin-runs/admin-routes.ts';
import { alertRoutes } from '#server/features/alerts/admin-routes.ts';
import { adminAnalyticsRoutes } from '#server/features/analytics/admin-routes.ts';
import { clientAnalyticsRoutes } from '#server/features/analytics/portal-routes.ts';
import { apiTokenRoutes } from '#server/features/api-tokens/portal-routes.ts';
import { attentionRoutes } from '#server/features/attention/admin-routes.ts';
import { auditRoutes } from '#server/features/audit/admin-routes.ts';
import { sessionRoutes } from '#server/features/auth/portal-routes.ts';
import { authRoutes } from '#server/features/auth/public-routes.ts';
import { adminBillingRoutes, crmToolRoutes } from '#server/features/billing/admin-routes.ts';
import { adminInvoicingRoutes } from '#server/features/billing/local/admin-routes.ts';
import { ledgerRoutes } from '#server/features/billing/local/ledger-routes.ts';
import { payRoutes } from '#server/features/billing/local/public-routes.ts';
import { clientBillingRoutes } from '#server/features/billing/portal-routes.ts';
import {
  createBilling,
  stripeWebhook,
  zohoWebhookSecret,
} from '#server/features/billing/provider-choice.ts';
import { invoiceRoutes } from '#server/features/billing/public-routes.ts';
import { stripeWebhookRoutes } from '#server/features/billing/stripe/public-routes.ts';
import { zohoWebhookRoutes } from '#server/features/billing/zoho/public-routes.ts';
import { booksRoutes } from '#server/features/books/admin-routes.ts';
import { adminCatalogRoutes } from '#server/features/catalog/admin-routes.ts';
import { catalogRoutes } from '#server/features/catalog/portal-routes.ts';
import { adminClientRoutes } from '#server/features/clients/admin-routes.ts';
import { adminEnquiryRoutes } from '#server/features/contact/admin-routes.ts';
import { contactFormRoutes } from '#server/features/contact/form-routes.ts';
import { contactRoutes } from '#server/features/contact/public-routes.ts';
import { emailVerificationRoutes } from '#server/features/email-verification/portal-routes.ts';
import { emailLinkRoutes } from '#server/features/email-verification/public-routes.ts';
import { environmentRoutes } from '#server/features/environment/admin-routes.ts';
import { csvExportRoutes } from '#server/features/exports/portal-routes.ts';
import { healthRoutes } from '#server/features/health/public-routes.ts';
import { impersonationRoutes } from '#server/features/impersonation/admin-routes.ts';
import { endImpersonationRoutes } from '#server/features/impersonation/portal-routes.ts';
import { legalRoutes } from '#server/features/legal/admin-routes.ts';
import { adminManualRunRoutes } from '#server/features/manual-runs/admin-routes.ts';
import { manualRunRoutes } from '#server/features/manual-runs/portal-routes.ts';
import { notificationRoutes } from '#server/features/notifications/portal-routes.ts';
import { adminOutboxRoutes } from '#server/features/outbox/admin-routes.ts';
import { adminWebhookDeliveryRoutes } from '#server/features/outbox/admin-webhook-routes.ts';
import { clientOverviewRoutes } from '#server/features/overview/portal-routes.ts';
import { passkeyRoutes } from '#server/features/passkeys/portal-routes.ts';
import { passkeySignInRoutes } from '#server/features/passkeys/public-routes.ts';
import { adminResetLinkRoutes } from '#server/features/password-reset/admin-routes.ts';
import { passwordResetRoutes } from '#server/features/password-reset/public-routes.ts';
import { adminPrivacyRoutes } from '#server/features/privacy/admin-routes.ts';
import { privacyRoutes } from '#server/features/privacy/portal-routes.ts';
import { exportDownloadRoutes } from '#server/features/privacy/public-routes.ts';
import { adminProcessRoutes } from '#server/features/processes/admin-routes.ts';
import { clientProcessRoutes } from '#server/features/processes/portal-routes.ts';
import { runRetryRoutes } from '#server/features/processes/retry-routes.ts';
import { schedulerRoutes } from '#server/features/scheduler/portal-routes.ts';
import { securityRoutes } from '#server/features/security/admin-routes.ts';
import { adminServiceReportRoutes } from '#server/features/service-reports/admin-routes.ts';
import { serviceReportRoutes } from '#server/features/service-reports/portal-routes.ts';
import { settingsRoutes } from '#server/features/settings/portal-routes.ts';
import { teamRoutes } from '#server/features/team/portal-routes.ts';
import { inviteLinkRoutes } from '#server/features/team/public-routes.ts';
import { twoFactorRoutes } from '#server/features/two-factor/portal-routes.ts';
import { twoFactorSignInRoutes } from '#server/features/two-factor/public-routes.ts';

// Every feature's routes. Converted features serve the shared route table (src/shared/api:
// full paths, audiences and schemas, docs/decisions/022-one-route-table.md); the others
// still answer under the prefix listed here, each file naming its audience: public-routes
// (no sign-in), portal-routes (any signed-in user), admin-routes (admins). SPEC §7 fixes
// the paths.

type Plugin = FastifyPluginAsyncZod;

/** Features whose routes come from the shared table, with their full paths. */
const fromTable: Plugin[] = [
  accountRoutes,
  schedulerRoutes,
  settingsRoutes,
  notificationRoutes,
  teamRoutes,
  inviteLinkRoutes,
  adminOutboxRoutes,
  adminWebhookDeliveryRoutes,
  auditRoutes,
  clientProcessRoutes,
  runRetryRoutes,
  adminProcessRoutes,
  authRoutes,
  sessionRoutes,
  emailLinkRoutes,
  emailVerificationRoutes,
  twoFactorRoutes,
  twoFactorSignInRoutes,
  passkeyRoutes,
  passkeySignInRoutes,
  apiTokenRoutes,
  adminClientRoutes,
  impersonationRoutes,
  endImpersonationRoutes,
  catalogRoutes,
  adminCatalogRoutes,
  manualRunRoutes,
  adminManualRunRoutes,
  legalRoutes,
  securityRoutes,
  contactRoutes,
  contactFormRoutes,
  adminEnquiryRoutes,
  passwordResetRoutes,
  adminResetLinkRoutes,
  exportDownloadRoutes,
  healthRoutes,
  clientAnalyticsRoutes,
  adminAnalyticsRoutes,
  clientOverviewRoutes,
  csvExportRoutes,
  environmentRoutes,
  booksRoutes,
  adminRunsRoutes,
  attentionRoutes,
  alertRoutes,
  serviceReportRoutes,
  adminServiceReportRoutes,
];

export async function registerRoutes(app: FastifyInstance) {
  noteRoutes(app);
  for (const plugin of fromTable) await app.register(plugin);
  // Billing routes talk to the provider BILLING_PROVIDER picks (DESIGN §1).
  const { provider, links } = createBilling(app.deps, app.log);
  await app.register(clientBillingRoutes, { provider });
  await app.register(crmToolRoutes, { provider });
  await app.register(zohoWebhookRoutes, { secret: zohoWebhookSecret(app.deps) });
  await app.register(stripeWebhookRoutes, { webhook: stripeWebhook(app.deps) });
  await app.register(invoiceRoutes, { provider, links });
  await app.register(adminBillingRoutes, { provider });
  // Closing an account cancels its subscription through the same provider, so a closed
  // account is not charged again (docs/decisions/017-privacy-requests.md). The privacy
  // routes come from the table, with their full paths.
  const cancelSubscription = provider.cancelForClosure.bind(provider);
  await app.register(privacyRoutes, { cancelSubscription });
  await app.register(adminPrivacyRoutes, { cancelSubscription });
  const { invoicing } = app.deps.config;
  await app.register(payRoutes, { links, invoicing });
  await app.register(adminInvoicingRoutes, { provider, links, invoicing });
  await app.register(ledgerRoutes, { provider, invoicing });
}
