import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingPrefs, Entitlements, Plan, Role, SubscriptionStatus } from '#shared/user.ts';

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
    billingStatus: text('billing_status')
      .$type<'active' | 'pending' | 'past_due' | 'cancelled' | 'trial'>()
      .notNull()
      .default('pending'),
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
    zohoContactId: text('zoho_contact_id'),
    zohoSubscriptionId: text('zoho_subscription_id'),
    zohoCRMContactId: text('zoho_crm_contact_id'),
    zohoBooksContactId: text('zoho_books_contact_id'),
    zohoDeskContactId: text('zoho_desk_contact_id'),
    zohoSubscriptionsCustomerId: text('zoho_subscriptions_customer_id'),
    /** Bumped on a password change or reset: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const auditLevels = ['error', 'warning', 'info'] as const;
export type AuditLevel = (typeof auditLevels)[number];

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
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('processes_client_idx').on(t.clientUserId)],
);

export type ProcessRow = typeof processes.$inferSelect;

export const runTriggers = ['manual', 'schedule', 'test'] as const;
export type RunTrigger = (typeof runTriggers)[number];

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
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    bodySnippet: text('body_snippet'),
  },
  (t) => [
    index('runs_process_started_idx').on(t.processId, t.startedAt),
    index('runs_client_started_idx').on(t.clientUserId, t.startedAt),
  ],
);

export type RunRow = typeof runs.$inferSelect;

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
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_next_run_idx').on(t.nextRunAt),
    index('schedules_client_idx').on(t.clientUserId),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;
