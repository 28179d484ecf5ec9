import type { Audience } from '#shared/api/route.ts';

// The routes still registered the old way (a prefix in src/server/routes.ts, guards added
// by hand), each with the audience its guards give it, so the authorization matrix knows
// what to expect of them. A feature converted to the shared route table
// (docs/decisions/022-one-route-table.md) deletes its block here: the matrix then reads
// the audience from the table, and fails while a converted route is still listed here.
// Routes whose handler refuses an admin's test session itself, after the body is checked
// (two-factor and passkey changes), are listed as signed-in; converted, they become
// own-session routes with their own refusal.

export const unconvertedRoutes: Record<string, Audience> = {
  // features/analytics
  'GET /api/analytics/overview': 'admin',
  'GET /api/analytics/top-processes': 'admin',
  'GET /api/analytics/usage': 'admin',
  'GET /api/client/analytics': 'signed-in',
  // features/billing
  'GET /api/admin/billing/:id/invoices': 'admin',
  'GET /api/invoices/:id/pdf': 'public',
  'GET /api/pay/sessions/:token': 'public',
  'GET /api/zoho/billing-status': 'signed-in',
  'GET /api/zoho/crm-links': 'admin',
  'GET /api/zoho/invoices': 'signed-in',
  'GET /api/zoho/packages': 'signed-in',
  'POST /api/admin/billing/:id/billing-portal': 'admin',
  'POST /api/admin/billing/:id/invoices': 'admin',
  'POST /api/admin/billing/:id/invoices/:invoiceId/payments': 'admin',
  'POST /api/admin/billing/:id/trial': 'admin',
  'POST /api/pay/sessions/:token/cancel': 'public',
  'POST /api/pay/sessions/:token/change': 'public',
  'POST /api/stripe/webhook': 'public',
  'POST /api/zoho/create-contact/:id': 'admin',
  'POST /api/zoho/portal-url': 'signed-in',
  'POST /api/zoho/provision/:id': 'admin',
  'POST /api/zoho/select-package': 'own-session',
  'POST /api/zoho/sync-status/:id': 'admin',
  'POST /api/zoho/webhook': 'public',
  // features/catalog
  'GET /api/admin/catalog-requests': 'admin',
  'GET /api/admin/clients/:id/catalog-requests': 'admin',
  'GET /api/catalog/templates': 'signed-in',
  'POST /api/admin/catalog-requests/:id/approve': 'admin',
  'POST /api/admin/catalog-requests/:id/decline': 'admin',
  'POST /api/catalog/request-access/:id': 'signed-in',
  // features/contact
  'GET /api/admin/enquiries': 'admin',
  'POST /api/contact': 'public',
  'POST /contact': 'public',
  // features/environment
  'GET /api/environment/checks': 'admin',
  'GET /api/environment/jobs': 'admin',
  // features/exports
  'GET /api/client/analytics.csv': 'signed-in',
  'GET /api/client/runs.csv': 'signed-in',
  // features/health
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // features/impersonation
  'POST /api/admin/impersonate/:id': 'admin',
  'POST /api/auth/impersonation/end': 'signed-in',
  // features/legal
  'GET /api/legal/drafts': 'admin',
  'GET /api/legal/drafts/:id': 'admin',
  'GET /api/legal/templates': 'admin',
  'GET /api/legal/templates/:id/schema': 'admin',
  'POST /api/legal/drafts': 'admin',
  'POST /api/legal/export': 'admin',
  'POST /api/legal/generate': 'admin',
  // features/overview
  'GET /api/client/overview': 'signed-in',
  // features/passkeys
  'DELETE /api/auth/passkeys/:id': 'signed-in',
  'GET /api/auth/passkeys': 'signed-in',
  'PATCH /api/auth/passkeys/:id': 'signed-in',
  'POST /api/auth/login/2fa/passkey': 'public',
  'POST /api/auth/login/2fa/passkey/options': 'public',
  'POST /api/auth/login/passkey': 'public',
  'POST /api/auth/login/passkey/options': 'public',
  'POST /api/auth/passkeys': 'signed-in',
  'POST /api/auth/passkeys/options': 'signed-in',
  // features/password-reset
  'POST /api/admin/clients/:id/reset-link': 'admin',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  // features/privacy
  'DELETE /api/admin/enquiries/:id': 'admin',
  'GET /api/account/export/:token': 'public',
  'GET /api/admin/clients/:id/export': 'admin',
  'GET /api/admin/enquiries/:id/export': 'admin',
  'POST /api/account/close': 'own-session',
  'POST /api/account/export': 'own-session',
  'POST /api/admin/clients/:id/close': 'admin',
  'POST /api/admin/clients/:id/erase': 'admin',
  // features/security
  'DELETE /api/admin/security/admin-allowed-ip': 'admin',
  'GET /api/admin/security/ip': 'admin',
  'POST /api/admin/security/admin-allowed-ip': 'admin',
  // features/two-factor
  'GET /api/auth/2fa': 'signed-in',
  'POST /api/auth/2fa/disable': 'signed-in',
  'POST /api/auth/2fa/enable': 'signed-in',
  'POST /api/auth/2fa/setup': 'signed-in',
  'POST /api/auth/login/2fa': 'public',
};
