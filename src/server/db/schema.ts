import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AlertKind } from '#shared/alerts.ts';
import type { AuditLevel } from '#shared/audit.ts';
import type { Interval, InvoiceStatus, PaySessionKind } from '#shared/billing-api.ts';
import type { LedgerPaymentMethod } from '#shared/books.ts';
import type { CatalogRequestStatus } from '#shared/catalog.ts';
import type { InvoiceItem, InvoiceKind } from '#shared/invoicing.ts';
import type { GeneratedDocument } from '#shared/legal.ts';
import type { InputField, InputValues } from '#shared/process-inputs.ts';
import type { HttpMethod } from '#shared/processes.ts';
import type { RunErrorKind } from '#shared/run-answers.ts';
import type { RunState, RunTrigger } from '#shared/runs.ts';
import type { InviteRole } from '#shared/team.ts';
import type {
  BillingPrefs,
  BillingStatus,
  Entitlements,
  Plan,
  Role,
  SubscriptionStatus,
} from '#shared/user.ts';

// Tables of the product. JSON answers keep the spec's field names (SPEC §3); columns
// use snake_case. A new table or column means `npm run db:generate` and a committed
// migration in ./migrations.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('Client'),
    companyName: text('company_name'),
    companyCode: text('company_code'),
    billingStatus: text('billing_status').$type<BillingStatus>().notNull().default('pending'),
    acceptedTos: boolean('accepted_tos').notNull().default(false),
    allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    n8nWebhookKey: text('n8n_webhook_key'),
    entitlements: jsonb('entitlements').$type<Entitlements>().notNull().default({}),
    billingPrefs: jsonb('billing_prefs').$type<BillingPrefs>().notNull().default({}),
    subscriptionStatus: text('subscription_status')
      .$type<SubscriptionStatus>()
      .notNull()
      .default('no_subscription'),
    subscriptionPlan: text('subscription_plan').$type<Plan>().notNull().default('Trial'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Local billing: the plan ends when the paid period does, unless undone before. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Local billing: the package a downgrade moves to at the next renewal. */
    scheduledPackageId: text('scheduled_package_id'),
    zohoContactId: text('zoho_contact_id'),
    zohoSubscriptionId: text('zoho_subscription_id'),
    zohoCRMContactId: text('zoho_crm_contact_id'),
    zohoBooksContactId: text('zoho_books_contact_id'),
    zohoDeskContactId: text('zoho_desk_contact_id'),
    zohoSubscriptionsCustomerId: text('zoho_subscriptions_customer_id'),
    /** BILLING_PROVIDER=stripe: the Stripe customer and its current subscription. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** TOTP two-factor: the secret once confirmed, and hashes of unused recovery codes. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** Bumped on a password change or reset: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When the address in `email` was proved by a link mailed to it; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** IANA time zone every time is shown in (Profile); null follows the browser's. */
    timeZone: text('time_zone'),
    /** Closed by its owner or an admin: refused everywhere, erased later. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Erased: the row stays only so its invoices keep their company name. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    // The retention job's look-up of accounts closed longer than the period.
    index('users_closed_idx').on(t.closedAt).where(sql`${t.erasedAt} is null`),
    // The admin's client list, newest first, and its search by any part of a word
    // (trigram indexes, pg_trgm from migration 0020).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    index('users_company_code_trgm_idx').using('gin', t.companyCode.op('gin_trgm_ops')),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    level: text('level').$type<AuditLevel>().notNull(),
    source: text('source').notNull(),
    message: text('message').notNull(),
    /** The account the entry is about or that acted (null for anonymous events). */
    userId: uuid('user_id'),
    /** The admin or member who acted, when different from userId. */
    actorId: uuid('actor_id'),
    processId: uuid('process_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_logs_created_at_idx').on(t.createdAt),
    index('audit_logs_level_source_idx').on(t.level, t.source),
    // The audit screen filters by source or level, newest first.
    index('audit_logs_source_created_idx').on(t.source, t.createdAt),
    index('audit_logs_level_created_idx').on(t.level, t.createdAt),
    // The search finds entries about a person or a process whose name matches;
    // its words are matched in the entry's own text by a trigram index (migration 0020).
    index('audit_logs_user_created_idx').on(t.userId, t.createdAt),
    index('audit_logs_process_created_idx').on(t.processId, t.createdAt),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;

/** A client's automation workflow: an n8n webhook the server calls (SPEC §3 Process). */
export const processes = pgTable(
  'processes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    n8nWebhookUrl: text('n8n_webhook_url'),
    n8nWorkflowId: text('n8n_workflow_id'),
    httpMethod: text('http_method').$type<HttpMethod>().notNull().default('POST'),
    webhookAuthKey: text('webhook_auth_key'),
    webhookAuthHeaderName: text('webhook_auth_header_name').notNull().default('Authorization'),
    webhookAuthUseBearer: boolean('webhook_auth_use_bearer').notNull().default(true),
    webhookAuthBasicUser: text('webhook_auth_basic_user'),
    webhookAuthBasicPass: text('webhook_auth_basic_pass'),
    inactiveFallbackWebhookUrl: text('inactive_fallback_webhook_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** How long a call may wait for n8n's answer (1-600 s; docs/decisions/012-n8n-runs.md). */
    webhookTimeoutSeconds: integer('webhook_timeout_seconds').notNull().default(30),
    /** Set: each call carries a fresh HS256 JWT signed with it (n8n's "JWT Auth"). */
    webhookAuthJwtSecret: text('webhook_auth_jwt_secret'),
    /** What the client fills in when pressing Run (shared/process-inputs.ts). */
    inputFields: jsonb('input_fields').$type<InputField[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('processes_client_idx').on(t.clientUserId),
    // The admin's process list, newest first, and its search (and the audit search's
    // look-up of processes by name) by any part of a word.
    index('processes_created_idx').on(t.createdAt, t.id),
    index('processes_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('processes_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('processes_webhook_trgm_idx').using('gin', t.n8nWebhookUrl.op('gin_trgm_ops')),
  ],
);

export type ProcessRow = typeof processes.$inferSelect;

/** One call of a process's webhook, whoever or whatever started it (DESIGN §1). */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id').notNull(),
    trigger: text('trigger').$type<RunTrigger>().notNull(),
    triggeredBy: uuid('triggered_by'),
    scheduleId: uuid('schedule_id'),
    /** For scheduled runs: the due time the run was for. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    targetUrl: text('target_url'),
    usedFallback: boolean('used_fallback').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written `running` before the webhook call; `interrupted` if the server stopped mid-call. */
    state: text('state').$type<RunState>().notNull().default('finished'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Null while running. */
    durationMs: integer('duration_ms'),
    statusCode: integer('status_code'),
    /** Null while running; false once interrupted. */
    ok: boolean('ok'),
    /** Why it failed (shared/run-answers.ts): admins read `error` as is, clients a plain text. */
    errorKind: text('error_kind').$type<RunErrorKind>(),
    error: text('error'),
    /** The node n8n recorded as failing, when n8n's execution says so. */
    errorNode: text('error_node'),
    /** The start of a text answer; never a file's bytes (docs/decisions/024). */
    bodySnippet: text('body_snippet'),
    /** The answer's type and whole size, whether only its start was read, and if it is a file. */
    answerContentType: text('answer_content_type'),
    answerBytes: bigint('answer_bytes', { mode: 'number' }),
    answerCut: boolean('answer_cut').notNull().default(false),
    answerBinary: boolean('answer_binary').notNull().default(false),
    /** True once the outcome comes from n8n's execution record (the n8n API). */
    confirmedByN8n: boolean('confirmed_by_n8n').notNull().default(false),
    n8nExecutionId: text('n8n_execution_id'),
    /** When the follow-up job last asked n8n about this run: it asks the longest-waiting first. */
    n8nCheckedAt: timestamp('n8n_checked_at', { withTimezone: true }),
    /** The input values sent under `inputs`; null for a process without inputs. */
    inputs: jsonb('inputs').$type<InputValues>(),
    /** The run this one runs again (Retry), with the same inputs. */
    retryOf: uuid('retry_of'),
    /** The personal API token that started it (trigger `api`); null once the token is gone. */
    apiTokenId: uuid('api_token_id'),
  },
  (t) => [
    // With the id last, a keyset cursor `(started_at, id) < (…)` after a process or a
    // client is one index bound: exports and run lists read a page, never the newer runs
    // again (docs/decisions/030).
    index('runs_process_started_idx').on(t.processId, t.startedAt, t.id),
    index('runs_client_started_idx').on(t.clientUserId, t.startedAt, t.id),
    index('runs_running_idx').on(t.clientUserId, t.startedAt).where(sql`${t.state} = 'running'`),
    // The runs the n8n follow-up job still has to settle ("respond immediately" webhooks).
    index('runs_following_idx').on(t.startedAt).where(sql`${t.state} = 'following'`),
    // "Retried as …" beside a run in the history.
    index('runs_retry_of_idx').on(t.retryOf).where(sql`${t.retryOf} is not null`),
    // The admin's list of every run, newest first, and its look-up by n8n execution id.
    index('runs_started_idx').on(t.startedAt, t.id),
    index('runs_execution_idx').on(t.n8nExecutionId).where(sql`${t.n8nExecutionId} is not null`),
    // Filters of that list that match few runs, so a page never walks every run to find
    // its 50: failures, interrupted runs, and runs started through the API or as tests.
    index('runs_failed_idx').on(t.startedAt, t.id).where(sql`${t.ok} = false`),
    index('runs_interrupted_idx').on(t.startedAt, t.id).where(sql`${t.state} = 'interrupted'`),
    index('runs_rare_trigger_idx')
      .on(t.trigger, t.startedAt, t.id)
      .where(sql`${t.trigger} in ('api', 'test')`),
  ],
);

export type RunRow = typeof runs.$inferSelect;

/**
 * Runs per process and UTC day: kept by a trigger on runs (migration 0016) in
 * the same transaction as each run, so every instance and every writer agrees, and kept
 * when the retention job deletes the raw runs. Analytics read these, never the runs.
 */
export const runRollups = pgTable(
  'run_rollups',
  {
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    runs: integer('runs').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    totalDurationMs: bigint('total_duration_ms', { mode: 'number' }).notNull().default(0),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
    /**
     * Settled runs counted per duration bucket (shared/process-health.ts holds the bounds,
     * migration 0031 the same bounds in SQL): median and p95 read from these.
     */
    durationBuckets: integer('duration_buckets').array().notNull().default(sql`'{}'::integer[]`),
    /** Scheduled runs, those that failed and those that started on time (the report's uptime). */
    scheduledRuns: integer('scheduled_runs').notNull().default(0),
    scheduledFailures: integer('scheduled_failures').notNull().default(0),
    scheduledOnTime: integer('scheduled_on_time').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.day] }),
    // Usage rows read a day's rollups in process order (a page costs its own rows).
    index('run_rollups_day_process_idx').on(t.day, t.processId),
    index('run_rollups_client_day_idx').on(t.clientUserId, t.day),
    // Weekly and monthly usage walk these in (period, process) order and stop after a
    // page of groups, instead of grouping every rollup of the window (decision 030).
    index('run_rollups_week_process_idx').on(
      sql`(date_trunc('week', ${t.day}::timestamp)::date)`,
      t.processId,
    ),
    index('run_rollups_month_process_idx').on(
      sql`(date_trunc('month', ${t.day}::timestamp)::date)`,
      t.processId,
    ),
  ],
);

/**
 * Runs per UTC day across the product, kept by the same trigger: the usage
 * chart and totals read a row a day. `processDays` counts the day's run_rollups rows (how
 * many processes ran), so the usage table knows its length without counting them.
 */
export const runDailyTotals = pgTable('run_daily_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  processDays: integer('process_days').notNull().default(0),
});

/**
 * The windows the admin's top processes are ranked over: `firstDay` is the
 * oldest rollup day each window counts. The rollup trigger adds every change of a day
 * inside a window to its totals; moving a window on a day subtracts the day that left it.
 */
export const runWindows = pgTable('run_windows', {
  days: integer('days').primaryKey(),
  firstDay: date('first_day', { mode: 'string' }).notNull(),
});

/** Runs and failures per process inside each window, read by rank: the top costs its rows. */
export const runWindowTotals = pgTable(
  'run_window_totals',
  {
    days: integer('days')
      .notNull()
      .references(() => runWindows.days, { onDelete: 'cascade' }),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id').notNull(),
    runs: integer('runs').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.processId] }),
    index('run_window_totals_rank_idx').on(t.days, t.runs.desc(), t.processId),
  ],
);

/**
 * Each process's latest outcome, kept by a trigger on runs (migration 0031) as runs settle:
 * failures in a row count failures that started after the latest success.
 */
export const processHealth = pgTable(
  'process_health',
  {
    processId: uuid('process_id')
      .primaryKey()
      .references(() => processes.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id').notNull(),
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    /** When the first failure of the current streak started; null while healthy. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastFailedRunId: uuid('last_failed_run_id'),
    lastErrorKind: text('last_error_kind').$type<RunErrorKind>(),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('process_health_failing_idx')
      .on(t.failuresInARow.desc(), t.processId)
      .where(sql`${t.failuresInARow} > 0`),
  ],
);

export type ProcessHealthRow = typeof processHealth.$inferSelect;

/** A cron schedule for a process. `nextRunAt` is what the job loop claims (DESIGN §2). */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cron: text('cron').notNull(),
    timezone: text('timezone'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** Set while the client has paused it: no next run until it is resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** The cron's shortest gap between runs, checked against the plan when it fires. */
    shortestGapMinutes: integer('shortest_gap_minutes'),
    /** The last time a due run was skipped, and why (shown in the schedule list). */
    lastSkippedAt: timestamp('last_skipped_at', { withTimezone: true }),
    lastSkipReason: text('last_skip_reason'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_next_run_idx').on(t.nextRunAt),
    index('schedules_client_idx').on(t.clientUserId),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;

/** Every e-mail goes here first; the sender job delivers it with retries (DESIGN §1). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    replyTo: text('reply_to'),
    kind: text('kind').notNull(),
    /** The branded HTML part, rendered from the mail's React component when it was queued. */
    html: text('html'),
    /** Files sent with it (a service report's PDF), base64. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** The body holds a secret (a reset or invite link): it is cleared once delivered. */
    sensitive: boolean('sensitive').notNull().default(false),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

export type OutboxRow = typeof outbox.$inferSelect;

/** A project enquiry from the contact form, stored before anything else happens. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    interest: text('interest').notNull(),
    budget: text('budget'),
    timeline: text('timeline'),
    teamSize: text('team_size'),
    website: text('website'),
    message: text('message').notNull(),
    referral: text('referral'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enquiries_created_idx').on(t.createdAt, t.id),
    // The search's words are matched in these columns through trigrams, not by reading
    // every enquiry (pg_trgm from migration 0020).
    index('enquiries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('enquiries_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('enquiries_company_trgm_idx').using('gin', t.company.op('gin_trgm_ops')),
    index('enquiries_message_trgm_idx').using('gin', t.message.op('gin_trgm_ops')),
    index('enquiries_interest_trgm_idx').using('gin', t.interest.op('gin_trgm_ops')),
  ],
);

export type EnquiryRow = typeof enquiries.$inferSelect;

/** Product-wide settings edited by admins, e.g. the one allowed admin IP. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** Members of a client account's team; the owner is the account itself. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberUserId: uuid('member_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<InviteRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_member_unique').on(t.memberUserId),
    index('team_members_owner_idx').on(t.ownerUserId),
  ],
);

export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeEmail: text('invitee_email').notNull(),
    role: text('role').$type<InviteRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_invites_token_unique').on(t.tokenHash),
    index('team_invites_owner_idx').on(t.ownerUserId),
  ],
);

export const catalogTemplates = pgTable('catalog_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogRequests = pgTable(
  'catalog_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => catalogTemplates.id, { onDelete: 'cascade' }),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by'),
    status: text('status').$type<CatalogRequestStatus>().notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin's answer: when, who, why not, and the process an approval created. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    declineReason: text('decline_reason'),
    processId: uuid('process_id').references((): AnyPgColumn => processes.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('catalog_requests_client_idx').on(t.clientUserId),
    index('catalog_requests_queue_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A client's request that the consultancy switch manual runs on (the `manualRuns`
 * entitlement). At most one is open per client; the admin's answer closes it.
 */
export const manualRunRequests = pgTable(
  'manual_run_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by'),
    note: text('note'),
    status: text('status')
      .$type<'requested' | 'granted' | 'declined'>()
      .notNull()
      .default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    uniqueIndex('manual_run_requests_open_unique')
      .on(t.clientUserId)
      .where(sql`${t.status} = 'requested'`),
    index('manual_run_requests_queue_idx').on(t.status, t.createdAt),
  ],
);

/** Plans on sale with the local billing provider. Prices in cents. */
export const packages = pgTable('packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  plan: text('plan').$type<Plan>().notNull(),
  price: integer('price').notNull(),
  interval: text('interval').$type<Interval>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id'),
    description: text('description').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    amount: integer('amount').notNull(),
    externalId: text('external_id'),
    pdfUrl: text('pdf_url'),
    paymentUrl: text('payment_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    kind: text('kind').$type<InvoiceKind>().notNull().default('subscription'),
    items: jsonb('items').$type<InvoiceItem[]>().notNull().default([]),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Cents received so far; the invoice is paid when this reaches `amount`. */
    amountPaid: integer('amount_paid').notNull().default(0),
    /** The period a plan invoice covers: set at issue for a renewal, at payment otherwise. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Why an admin voided it (local billing); null for one voided by the system or not void. */
    voidReason: text('void_reason'),
    /** Cents of credit notes issued against it; what is due is amount - paid - credited. */
    amountCredited: integer('amount_credited').notNull().default(0),
    /** Sales tax in cents, included in `amount`; the rate in thousandths of a percent. */
    taxCents: integer('tax_cents').notNull().default(0),
    taxRateMilliPercent: integer('tax_rate_milli_percent'),
    /** Who the invoice is addressed to as it was at issue: company, then address lines. */
    billTo: jsonb('bill_to').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('invoices_client_idx').on(t.clientUserId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
    // One live renewal per client and period, whichever instance's billing job gets there
    // first. A void one does not count: a downgrade voids the renewal already issued, and
    // the one for the lower package must still be issued for that period.
    uniqueIndex('invoices_renewal_unique')
      .on(t.clientUserId, t.periodStart)
      .where(sql`${t.kind} = 'renewal' and ${t.status} <> 'void'`),
    index('invoices_open_due_idx').on(t.dueAt).where(sql`${t.status} = 'unpaid'`),
  ],
);

/** A payment an admin recorded against a local invoice (ACH, check, card, other). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The day the money arrived, YYYY-MM-DD. */
    paidOn: text('paid_on').notNull(),
    method: text('method').$type<LedgerPaymentMethod>().notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A reversed payment (bounced ACH, returned check) no longer counts; its row stays. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** The day the money went back, YYYY-MM-DD in the billing zone. */
    reversedOn: text('reversed_on'),
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('invoice_payments_paid_on_idx').on(t.paidOn, t.createdAt),
  ],
);

/** A credit note against a local invoice: lowers what is due, or credits the account. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** CN-000123, unique and gap-free like invoice numbers. */
    number: text('number').notNull().unique(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('credit_notes_invoice_idx').on(t.invoiceId, t.issuedAt),
    index('credit_notes_issued_idx').on(t.issuedAt, t.id),
  ],
);

/**
 * The account credit ledger: money the client has with the consultancy that no invoice
 * claims yet (a payment for a voided invoice, a credit note beyond what was due). Positive
 * rows add credit, negative rows spend it on an invoice; the balance is the sum.
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    paymentId: uuid('payment_id').references(() => invoicePayments.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_credits_client_idx').on(t.clientUserId, t.createdAt)],
);

/** A checkout started with the local provider; confirming it starts the subscription. */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  clientUserId: uuid('client_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  packageId: text('package_id'),
  kind: text('kind').$type<PaySessionKind>().notNull(),
  invoiceId: uuid('invoice_id'),
  /** Opened while an admin tested as the client: it may be looked at, never acted on. */
  impersonatorId: uuid('impersonator_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a user wants to hear about: Pro's notifications, gated on the server. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailOnFailure: boolean('email_on_failure').notNull().default(false),
  emailOnSkip: boolean('email_on_skip').notNull().default(false),
  /** One mail a day instead of one per failure. */
  dailySummary: boolean('daily_summary').notNull().default(false),
  webhookUrl: text('webhook_url'),
  /** Signs each webhook call (HMAC-SHA256); made when a URL is first saved. */
  webhookSecret: text('webhook_secret'),
  lastSummaryAt: timestamp('last_summary_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Burst grouping per user and process: at most one notice each 15 minutes; events in
 * between are counted here and told in the next one.
 */
export const notificationMarks = pgTable(
  'notification_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    processId: uuid('process_id')
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    heldFailures: integer('held_failures').notNull().default(0),
    heldSkips: integer('held_skips').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.processId] })],
);

/**
 * Access tokens of an integration shared by every instance on this database (Zoho mints
 * few per hour). The token is encrypted with a key derived from the server's JWT secret.
 */
export const integrationTokens = pgTable('integration_tokens', {
  name: text('name').primaryKey(),
  ciphertext: text('ciphertext').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Billing-provider webhook events already handled (Zoho retries; each id once). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A data export a client asked for from Profile: the e-mailed link's token, by its hash,
 * good until `expiresAt`. Closing or erasing the account deletes it.
 */
export const dataExports = pgTable('data_exports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  requestedBy: uuid('requested_by'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  downloads: integer('downloads').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A link that proves an address: the account's own after registration, or the new
 * one an e-mail change waits on (it replaces `users.email` only once proved).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Organization defaults for legal documents (SPEC §3 Legal defaults), one row per account. */
export const legalDefaults = pgTable('legal_defaults', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const legalDrafts = pgTable('legal_drafts', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdBy: uuid('created_by').notNull(),
  clientName: text('client_name').notNull(),
  projectName: text('project_name').notNull(),
  documents: jsonb('documents').$type<GeneratedDocument[]>().notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signed-in session. Every session token names its row (`sid`), so signing out, or an
 * admin ending a test session, ends that token on the server at once. An impersonation
 * session records the admin, the admin's token version and the admin's own session: it
 * ends with any of them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    impersonatorTokenVersion: integer('impersonator_token_version'),
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_parent_idx').on(t.parentSessionId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Rate-limit counters shared by every instance on one PostgreSQL. The layout is the one
 * rate-limiter-flexible's PostgreSQL store expects (it is told the table exists).
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * A passkey (WebAuthn credential) a person registered on Profile. The public key is kept
 * as base64url text; the counter guards against a cloned authenticator (it only grows,
 * except for authenticators that always report 0).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's own id, base64url, as the authenticator reports it. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (synced), and whether it is backed up now. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_unique').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * A personal API token: lets the person's own software list processes, start runs and
 * read runs as that person. Only a SHA-256 hash of the secret is kept; the secret is
 * shown once. Revoking sets `revokedAt`, and the row stays for the audit trail.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, to tell tokens apart in a list. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the secret, hex. */
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_unique').on(t.secretHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A WebAuthn challenge handed to a browser, used at most once: the ceremony that answers
 * it deletes the row, so an assertion cannot be replayed. `userId` is set for adding a
 * passkey and for a second factor, null for a sign-in that names nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').$type<'register' | 'sign-in' | 'second-factor'>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A run notice for a person's notification webhook, kept until it is delivered and
 * retried with back-off for a day, as the outbox does for mail. The address and the
 * signing secret are read from the person's settings at each attempt, never copied here:
 * a changed or removed webhook takes effect on the next try.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_created_idx').on(t.createdAt, t.id),
    index('webhook_deliveries_user_idx').on(t.userId),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A file attached to an outgoing mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Where and when the consultancy hears about trouble: one row (id 1). */
export const alertSettings = pgTable('alert_settings', {
  id: integer('id').primaryKey().default(1),
  emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
  webhookUrl: text('webhook_url'),
  /** Signs each alert webhook call like client notifications (HMAC-SHA256). */
  webhookSecret: text('webhook_secret'),
  /** A process failing this many times in a row opens an incident; 0 turns the rule off. */
  failuresInARow: integer('failures_in_a_row').notNull().default(3),
  /** A client's success rate over the last day under this percentage; 0 turns it off. */
  successRateBelow: integer('success_rate_below').notNull().default(90),
  scheduleMissed: boolean('schedule_missed').notNull().default(true),
  n8nUnreachable: boolean('n8n_unreachable').notNull().default(true),
  mailFailing: boolean('mail_failing').notNull().default(true),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One incident per subject while it lasts (a process, a client, a schedule, n8n, mail):
 * opened once with one alert, cleared once with one recovery message.
 */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<AlertKind>().notNull(),
    /** What it is about within its kind: a process, client or schedule id; 'n8n'; 'mail'. */
    subjectKey: text('subject_key').notNull(),
    clientUserId: uuid('client_user_id'),
    processId: uuid('process_id'),
    title: text('title').notNull(),
    cause: text('cause').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    recoveryAlertedAt: timestamp('recovery_alerted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_incidents_open_idx')
      .on(t.kind, t.subjectKey)
      .where(sql`${t.clearedAt} is null`),
    index('alert_incidents_client_idx').on(t.clientUserId, t.openedAt),
    index('alert_incidents_opened_idx').on(t.openedAt, t.id),
  ],
);

export type AlertIncidentRow = typeof alertIncidents.$inferSelect;

/** The monthly service report mailed to a client: one row per client and month, so it goes once. */
export const serviceReports = pgTable(
  'service_reports',
  {
    clientUserId: uuid('client_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientUserId, t.month] })],
);
