// Every path of the app, defined once (SPEC §2). Pages and the server import from here.

export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  services: '/services',
  projects: '/projects',
  consulting: '/consulting',
  privacy: '/privacy',
  terms: '/terms',
  accessibility: '/accessibility',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  /** The page a reset e-mail links to (see resetPasswordPath in password.ts). */
  resetPassword: '/reset-password/:token',
  /** The page an invite e-mail links to (see invitePath in team.ts). */
  invite: '/invite/:token',
  /** The page a verification e-mail links to (see verifyEmailPath in email-verification-text.ts). */
  verifyEmail: '/verify-email/:token',
  /** Local billing's token pages: the plan portal and an invoice with how to pay it. */
  payPortal: '/pay/portal/:token',
  payInvoice: '/pay/invoice/:token',

  client: '/client',
  clientProcesses: '/client/processes',
  clientScheduler: '/client/scheduler',
  clientAnalytics: '/client/analytics',
  billing: '/billing',
  settings: '/settings',
  team: '/team',
  catalog: '/catalog',

  admin: '/admin',
  adminClients: '/admin/clients',
  adminClient: (id: string) => `/admin/clients/${encodeURIComponent(id)}`,
  adminProcesses: '/admin/processes',
  adminZoho: '/admin/zoho',
  adminAnalytics: '/admin/analytics',
  adminEnvironment: '/admin/environment',
  adminSecurity: '/admin/security',
  adminAuditLogs: '/admin/audit-logs',
  adminPricing: '/admin/pricing',
  adminLegal: '/admin/legal',
  adminEnquiries: '/admin/enquiries',
  adminOutbox: '/admin/outbox',
  adminCatalogRequests: '/admin/catalog-requests',
} as const;

/** Routes rendered to static HTML at build time. */
export const publicPaths = [
  paths.home,
  paths.about,
  paths.contact,
  paths.services,
  paths.projects,
  paths.consulting,
  paths.privacy,
  paths.terms,
  paths.accessibility,
  paths.login,
  paths.register,
  paths.forgotPassword,
] as const;

/** The query parameter that brings a visitor back after signing in (web/lib/login-next.ts). */
export const NEXT_PARAM = 'next';

/**
 * The sign-in address that brings the visitor back to `path` afterwards. Here rather than
 * in login-next.ts, so the signed-in area's guards do not share that module with the
 * sign-in pages, whose script budget it would cost a chunk of its own.
 */
export const loginPathFor = (path: string) =>
  `${paths.login}?${NEXT_PARAM}=${encodeURIComponent(path)}`;
