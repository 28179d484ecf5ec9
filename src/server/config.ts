import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { brand } from '#shared/brand.ts';
import type { PaymentInstructions } from '#shared/invoicing.ts';
import { retention } from '#shared/retention.ts';
import { cronProblem, isValidTimezone } from '#shared/scheduler.ts';

// Environment variables parsed once at start (DESIGN §7). An invalid value stops the
// start with a message naming the variable; nothing deeper reads process.env.

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  JWT_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optional.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  // Unset: the address the server is bound to (see publicBaseUrl).
  PUBLIC_URL: optional.pipe(z.url('must be an absolute URL').optional()),
  SMTP_URL: optional.pipe(z.url('must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: optional,
  ENQUIRY_TO: optional.pipe(z.email('must be an e-mail address').optional()),
  ALLOW_PRIVATE_WEBHOOKS: bool,
  TRUST_PROXY: bool,
  BILLING_PROVIDER: z.enum(['local', 'zoho', 'stripe']).default('local'),
  // Local invoicing (docs/decisions/014-local-invoicing.md).
  BILLING_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  BILLING_RENEWAL_LEAD_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  // The one zone billing days are counted and shown in: issue, due, paid and period dates.
  BILLING_TIME_ZONE: z
    .string()
    .default('America/Chicago')
    .refine(isValidTimezone, 'must be an IANA time zone such as America/Chicago'),
  BILLING_ACH_BANK_NAME: optional,
  BILLING_ACH_ACCOUNT_NAME: optional,
  BILLING_ACH_ROUTING_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\d{9}$/, 'must be a nine-digit ABA routing number')
      .optional(),
  ),
  BILLING_ACH_ACCOUNT_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\d{4,17}$/, 'must be 4 to 17 digits')
      .optional(),
  ),
  BILLING_CHECK_PAYABLE_TO: optional,
  BILLING_CHECK_ADDRESS: optional,
  BILLING_PAYMENT_NOTE: optional,
  ZOHO_CLIENT_ID: optional,
  ZOHO_CLIENT_SECRET: optional,
  ZOHO_REFRESH_TOKEN: optional,
  ZOHO_ORGANIZATION_ID: optional,
  ZOHO_ACCOUNTS_URL: z.url('must be an absolute URL').default('https://accounts.zoho.com'),
  ZOHO_BILLING_API_URL: z
    .url('must be an absolute URL')
    .default('https://www.zohoapis.com/billing/v1'),
  ZOHO_CRM_API_URL: z.url('must be an absolute URL').default('https://www.zohoapis.com/crm/v6'),
  ZOHO_WEBHOOK_SECRET: optional,
  // Optional Zoho apps provisioned with the Billing customer, and deep-link details.
  ZOHO_BOOKS_ORGANIZATION_ID: optional,
  ZOHO_BOOKS_API_URL: z.url('must be an absolute URL').default('https://www.zohoapis.com/books/v3'),
  ZOHO_DESK_ORG_ID: optional,
  ZOHO_DESK_API_URL: z.url('must be an absolute URL').default('https://desk.zoho.com/api/v1'),
  ZOHO_CRM_ORG_ID: optional,
  ZOHO_DESK_PORTAL: optional,
  N8N_API_URL: optional,
  N8N_API_KEY: optional,
  N8N_RAILWAY_URL: optional,
  // How often runs still under way in n8n are asked about (docs/decisions/024).
  N8N_FOLLOW_UP_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  // How often the alert rules are checked (Admin › Alerts); the browser tests shorten it.
  ALERTS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  // Where the Stripe library sends its calls; only tests point it elsewhere (a loopback fake).
  STRIPE_API_URL: z.url('must be an absolute URL').default('https://api.stripe.com'),
  // Checkout asks Stripe Tax to compute sales tax (the Stripe account must have it set up).
  STRIPE_AUTOMATIC_TAX: bool,
  HELPDESK_URL: optional.pipe(z.url('must be an absolute URL').optional()),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  ADMIN_IP_LOCK_RESET: bool,
  ADMIN_REQUIRE_2FA: bool,
  // The privacy policy names the default (shared/retention.ts).
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(retention.auditDefaultDays),
  RUNS_IN_FLIGHT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  SCHEDULER_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(100),
  RETRY_FIRST_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().min(1).default('./build/client'),
  // Backups of the embedded database (docs/decisions/011-backups.md).
  BACKUP_SCHEDULE: optional
    .transform((v) => (v?.toLowerCase() === 'off' ? 'off' : (v ?? '0 3 * * *')))
    .refine(
      (v) => v === 'off' || cronProblem(v) === null,
      'must be a five-field cron expression in UTC (e.g. 0 3 * * *) or off',
    ),
  BACKUP_DIR: optional,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  /** The base of every absolute link: PUBLIC_URL, or the bound address (publicBaseUrl). */
  publicUrl: string;
  /** False when publicUrl is the default rather than PUBLIC_URL. */
  publicUrlSet: boolean;
  /** Said once at start (main.ts logs them); none stops the server. */
  warnings: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  enquiryTo: string | undefined;
  allowPrivateWebhooks: boolean;
  trustProxy: boolean;
  billingProvider: 'local' | 'zoho' | 'stripe';
  /** Local invoicing: due dates, grace, renewal lead time and how clients pay. */
  invoicing: InvoicingConfig;
  /** Set only when BILLING_PROVIDER=zoho; then every field is present. */
  zoho: ZohoConfig | null;
  n8n: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    railwayUrl: string | undefined;
    /** How often the follow-up job asks n8n about runs still under way. */
    followUpMs: number;
  };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string;
    automaticTax: boolean;
  };
  helpdeskUrl: string | undefined;
  authRateLimitPerMinute: number;
  adminIpLockReset: boolean;
  adminRequire2fa: boolean;
  auditRetentionDays: number;
  /** Manual runs one account may have under way at once; more answer 429. */
  runsInFlightPerAccount: number;
  /** Scheduled runs one instance fires at once: its worker pool (docs/decisions/018). */
  schedulerConcurrency: number;
  /** Mail and run notices are tried again this long after a first failure, then doubling. */
  firstRetryMs: number;
  /** How often the alert rules are checked (ALERTS_EVERY_SECONDS). */
  alertsEveryMs: number;
  /** Bearer token of GET /metrics; unset turns metrics off (404). */
  metricsToken: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  webRoot: string;
  /** Backups of the embedded database; unused with DATABASE_URL. */
  backup: {
    /** Five-field cron in UTC for the automatic backup; null when BACKUP_SCHEDULE=off. */
    schedule: string | null;
    /** Where backups go (BACKUP_DIR, default DATA_DIR/backups). */
    dir: string;
    /** How many backups to keep in `dir`; older ones are deleted after each backup. */
    keep: number;
  };
}

export interface ZohoConfig {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  organizationId: string;
  accountsUrl: string;
  billingApiUrl: string;
  crmApiUrl: string;
  webhookSecret: string;
  /** Set when ZOHO_BOOKS_ORGANIZATION_ID is: provisioning creates the Books contact. */
  books?: { apiUrl: string; organizationId: string };
  /** Set when ZOHO_DESK_ORG_ID is: provisioning creates the Desk contact. */
  desk?: { apiUrl: string; orgId: string };
  /** For deep links into the CRM (its org id) and Desk (its portal name). */
  crmOrgId?: string;
  deskPortal?: string;
}

export class ConfigError extends Error {}

/** With BILLING_PROVIDER=zoho the Zoho credentials are required; say which are missing. */
function zohoConfig(e: Env): { config: ZohoConfig | null; problems: string[] } {
  if (e.BILLING_PROVIDER !== 'zoho') return { config: null, problems: [] };
  const required = {
    ZOHO_CLIENT_ID: e.ZOHO_CLIENT_ID,
    ZOHO_CLIENT_SECRET: e.ZOHO_CLIENT_SECRET,
    ZOHO_REFRESH_TOKEN: e.ZOHO_REFRESH_TOKEN,
    ZOHO_ORGANIZATION_ID: e.ZOHO_ORGANIZATION_ID,
    ZOHO_WEBHOOK_SECRET: e.ZOHO_WEBHOOK_SECRET,
  };
  const problems = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => `  ${name}: is required when BILLING_PROVIDER=zoho`);
  // Zoho accepts 12-50 alphanumeric characters for a webhook's secret token.
  if (e.ZOHO_WEBHOOK_SECRET && !/^[A-Za-z0-9]{12,50}$/.test(e.ZOHO_WEBHOOK_SECRET)) {
    problems.push('  ZOHO_WEBHOOK_SECRET: must be 12 to 50 letters and digits');
  }
  if (problems.length > 0) return { config: null, problems };
  return {
    problems,
    config: {
      clientId: required.ZOHO_CLIENT_ID!,
      clientSecret: required.ZOHO_CLIENT_SECRET!,
      refreshToken: required.ZOHO_REFRESH_TOKEN!,
      organizationId: required.ZOHO_ORGANIZATION_ID!,
      accountsUrl: e.ZOHO_ACCOUNTS_URL.replace(/\/$/, ''),
      billingApiUrl: e.ZOHO_BILLING_API_URL.replace(/\/$/, ''),
      crmApiUrl: e.ZOHO_CRM_API_URL.replace(/\/$/, ''),
      webhookSecret: required.ZOHO_WEBHOOK_SECRET!,
      ...(e.ZOHO_BOOKS_ORGANIZATION_ID && {
        books: {
          apiUrl: e.ZOHO_BOOKS_API_URL.replace(/\/$/, ''),
          organizationId: e.ZOHO_BOOKS_ORGANIZATION_ID,
        },
      }),
      ...(e.ZOHO_DESK_ORG_ID && {
        desk: { apiUrl: e.ZOHO_DESK_API_URL.replace(/\/$/, ''), orgId: e.ZOHO_DESK_ORG_ID },
      }),
      ...(e.ZOHO_CRM_ORG_ID && { crmOrgId: e.ZOHO_CRM_ORG_ID }),
      ...(e.ZOHO_DESK_PORTAL && { deskPortal: e.ZOHO_DESK_PORTAL }),
    },
  };
}

/** Loopback addresses and localhost: only this machine reaches a server listening there. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}

/** HOST values that listen on every interface rather than one address. */
const isWildcardHost = (host: string) => ['0.0.0.0', '::'].includes(host.replace(/^\[|\]$/g, ''));

/**
 * The address this server is bound to, as people open it: HOST and the port, with
 * localhost for a HOST that listens on every interface (this machine is one of them).
 */
export function boundUrl(host: string, port: number): string {
  const name = isWildcardHost(host) ? 'localhost' : host.replace(/^\[|\]$/g, '');
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * The one base of every absolute link (invitations, password resets, invoices, exports,
 * payment redirects) and of the start banner: PUBLIC_URL when set, else the bound address.
 * Links and banner must agree, or a link opens on another origin whose cookies are not
 * the ones signed in, and a client's own invoice looks signed out.
 */
export function publicBaseUrl(
  e: { publicUrl: string | undefined; host: string },
  port: number,
): string {
  return (e.publicUrl ?? boundUrl(e.host, port)).replace(/\/$/, '');
}

/**
 * Without PUBLIC_URL, links point at the bound address. For a HOST that listens on every
 * interface, that address is localhost: only this machine opens it, though others connect.
 */
function publicUrlWarning(e: Env): string | null {
  if (e.PUBLIC_URL !== undefined) return null;
  if (e.PORT === 0) {
    return (
      'PUBLIC_URL is not set and PORT=0: links in e-mails cannot name the port chosen at ' +
      'start. Set PUBLIC_URL to the address people open.'
    );
  }
  if (!isWildcardHost(e.HOST)) return null;
  return (
    `PUBLIC_URL is not set: links in e-mails and checkout point at ${boundUrl(e.HOST, e.PORT)}, ` +
    `which other machines cannot open, yet HOST=${e.HOST} lets them connect. Set PUBLIC_URL ` +
    'to the address people open (e.g. PUBLIC_URL=https://portal.example.com), or ' +
    'HOST=127.0.0.1 to serve this machine only.'
  );
}

export interface InvoicingConfig {
  /** Days from issue to due when the client's billing presets name none. */
  dueDays: number;
  /** Days past the due date before an unpaid plan invoice makes the subscription past_due. */
  graceDays: number;
  /** Days before a period ends that its renewal invoice is issued. */
  renewalLeadDays: number;
  /** BILLING_TIME_ZONE: the IANA zone whose calendar billing dates follow. */
  timeZone: string;
  instructions: PaymentInstructions;
  /** PUBLIC_URL, for the links in billing mails. */
  publicUrl: string;
}

const ACH_KEYS = [
  'BILLING_ACH_BANK_NAME',
  'BILLING_ACH_ROUTING_NUMBER',
  'BILLING_ACH_ACCOUNT_NUMBER',
] as const;

/** ACH details are all or nothing: half of them would send money nowhere. */
function achProblems(e: Env): string[] {
  const set = ACH_KEYS.filter((key) => e[key] !== undefined);
  if (set.length === 0 || set.length === ACH_KEYS.length) return [];
  const missing = ACH_KEYS.filter((key) => e[key] === undefined);
  return [`  ${missing.join(', ')}: needed with ${set.join(', ')} (ACH details go together)`];
}

/** BILLING_PROVIDER=stripe needs the API key and the webhook's signing secret. */
function stripeProblems(e: Env): string[] {
  if (e.BILLING_PROVIDER !== 'stripe') return [];
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (key) => e[key] === undefined,
  );
  return missing.map((key) => `  ${key}: required when BILLING_PROVIDER=stripe`);
}

function invoicingConfig(e: Env): InvoicingConfig {
  const ach =
    e.BILLING_ACH_BANK_NAME && e.BILLING_ACH_ROUTING_NUMBER && e.BILLING_ACH_ACCOUNT_NUMBER
      ? {
          bankName: e.BILLING_ACH_BANK_NAME,
          accountName: e.BILLING_ACH_ACCOUNT_NAME ?? brand.name,
          routingNumber: e.BILLING_ACH_ROUTING_NUMBER,
          accountNumber: e.BILLING_ACH_ACCOUNT_NUMBER,
        }
      : null;
  // Address lines are separated by | (one environment variable, several lines).
  const address = (e.BILLING_CHECK_ADDRESS ?? '')
    .split('|')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    dueDays: e.BILLING_DUE_DAYS,
    graceDays: e.BILLING_GRACE_DAYS,
    renewalLeadDays: e.BILLING_RENEWAL_LEAD_DAYS,
    timeZone: e.BILLING_TIME_ZONE,
    publicUrl: publicBaseUrl({ publicUrl: e.PUBLIC_URL, host: e.HOST }, e.PORT),
    instructions: {
      ach,
      check: address.length
        ? { payableTo: e.BILLING_CHECK_PAYABLE_TO ?? brand.name, address }
        : null,
      note: e.BILLING_PAYMENT_NOTE ?? null,
      contactEmail: brand.email,
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const zoho = zohoConfig(e);
  const problems = [...zoho.problems, ...achProblems(e), ...stripeProblems(e)];
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    publicUrl: publicBaseUrl({ publicUrl: e.PUBLIC_URL, host: e.HOST }, e.PORT),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    warnings: [publicUrlWarning(e)].filter((warning) => warning !== null),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${brand.name} <${brand.email}>`,
    enquiryTo: e.ENQUIRY_TO,
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS,
    trustProxy: e.TRUST_PROXY,
    billingProvider: e.BILLING_PROVIDER,
    invoicing: invoicingConfig(e),
    zoho: zoho.config,
    n8n: {
      apiUrl: e.N8N_API_URL,
      apiKey: e.N8N_API_KEY,
      railwayUrl: e.N8N_RAILWAY_URL,
      followUpMs: e.N8N_FOLLOW_UP_SECONDS * 1000,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      automaticTax: e.STRIPE_AUTOMATIC_TAX,
    },
    helpdeskUrl: e.HELPDESK_URL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    adminIpLockReset: e.ADMIN_IP_LOCK_RESET,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    runsInFlightPerAccount: e.RUNS_IN_FLIGHT_PER_ACCOUNT,
    schedulerConcurrency: e.SCHEDULER_CONCURRENCY,
    firstRetryMs: e.RETRY_FIRST_DELAY_SECONDS * 1000,
    alertsEveryMs: e.ALERTS_EVERY_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    webRoot: e.WEB_ROOT,
    backup: {
      schedule: e.BACKUP_SCHEDULE === 'off' ? null : e.BACKUP_SCHEDULE,
      dir: e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups'),
      keep: e.BACKUP_KEEP,
    },
  };
}
