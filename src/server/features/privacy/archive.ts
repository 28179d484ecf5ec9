import type { Readable } from 'node:stream';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  apiTokens,
  catalogRequests,
  catalogTemplates,
  enquiries,
  invoicePayments,
  invoices,
  notificationSettings,
  outbox,
  passkeys,
  processes,
  schedules,
  teamInvites,
  teamMembers,
  type UserRow,
  users,
  webhookDeliveries,
} from '#server/db/schema.ts';
import { auditCsvRows } from '#server/domain/exports/audit-csv.ts';
import { csvStream } from '#server/domain/exports/csv.ts';
import { runCsvRows } from '#server/domain/exports/runs-csv.ts';
import { jsonEntry, type ZipEntry, zipStream } from '#server/domain/exports/zip.ts';
import { brand } from '#shared/brand.ts';
import { runCsvColumns } from '#shared/exports.ts';
import { exportFiles } from '#shared/privacy.ts';

// Everything held about one account, as one ZIP of JSON and CSV files: what an admin
// downloads for an access request and what a client downloads from the e-mailed link
// (docs/decisions/017-privacy-requests.md). Secrets never leave: no password hash, TOTP
// secret, recovery codes, webhook keys, basic-auth passwords, JWT secrets, signing
// secrets, and no webhook addresses (they are capabilities: whoever holds one can run
// the workflow). Long lists stream in pages.

/** How a process authenticates to n8n, named without the secret itself. */
const authKindOf = (p: typeof processes.$inferSelect) =>
  p.webhookAuthJwtSecret
    ? 'JWT'
    : p.webhookAuthBasicUser
      ? 'Basic'
      : p.webhookAuthKey
        ? `Header (${p.webhookAuthHeaderName})`
        : 'None';

function accountJson(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    companyName: user.companyName,
    companyCode: user.companyCode,
    acceptedTermsOfService: user.acceptedTos,
    plan: user.subscriptionPlan,
    subscriptionStatus: user.subscriptionStatus,
    billingStatus: user.billingStatus,
    currentPeriodEnd: user.currentPeriodEnd,
    allowedIps: user.allowedIps,
    twoFactorEnabled: user.totpEnabled,
    createdAt: user.createdAt,
    closedAt: user.closedAt,
  };
}

async function processesJson(db: Db, userId: string) {
  const rows = await db.select().from(processes).where(eq(processes.clientUserId, userId));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    active: p.isActive,
    httpMethod: p.httpMethod,
    authentication: authKindOf(p),
    timeoutSeconds: p.webhookTimeoutSeconds,
    hasFallbackWebhook: Boolean(p.inactiveFallbackWebhookUrl),
    inputFields: p.inputFields,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  }));
}

async function schedulesJson(db: Db, userId: string) {
  return db
    .select({
      id: schedules.id,
      process: processes.name,
      cron: schedules.cron,
      timezone: schedules.timezone,
      nextRunAt: schedules.nextRunAt,
      lastSkippedAt: schedules.lastSkippedAt,
      lastSkipReason: schedules.lastSkipReason,
      createdAt: schedules.createdAt,
    })
    .from(schedules)
    .innerJoin(processes, eq(processes.id, schedules.processId))
    .where(eq(schedules.clientUserId, userId));
}

async function invoicesJson(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.clientUserId, userId))
    .orderBy(asc(invoices.issuedAt));
  const payments = rows.length
    ? await db
        .select()
        .from(invoicePayments)
        .where(
          inArray(
            invoicePayments.invoiceId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((i) => ({
    number: i.number,
    description: i.description,
    kind: i.kind,
    status: i.status,
    amountCents: i.amount,
    paidCents: i.amountPaid,
    items: i.items,
    issuedAt: i.issuedAt,
    dueAt: i.dueAt,
    paidAt: i.paidAt,
    periodStart: i.periodStart,
    periodEnd: i.periodEnd,
    payments: payments
      .filter((p) => p.invoiceId === i.id)
      .map((p) => ({
        amountCents: p.amount,
        paidOn: p.paidOn,
        method: p.method,
        reference: p.reference,
      })),
  }));
}

const members = alias(users, 'members');
const owners = alias(users, 'owners');

async function teamJson(db: Db, userId: string, email: string) {
  const teamMembersOf = await db
    .select({
      name: members.name,
      email: members.email,
      role: teamMembers.role,
      since: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(members, eq(members.id, teamMembers.memberUserId))
    .where(eq(teamMembers.ownerUserId, userId));
  const memberOf = await db
    .select({ company: owners.companyName, role: teamMembers.role, since: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(owners, eq(owners.id, teamMembers.ownerUserId))
    .where(eq(teamMembers.memberUserId, userId));
  const invites = await db
    .select({
      email: teamInvites.inviteeEmail,
      role: teamInvites.role,
      createdAt: teamInvites.createdAt,
      expiresAt: teamInvites.expiresAt,
      acceptedAt: teamInvites.acceptedAt,
    })
    .from(teamInvites)
    .where(
      or(eq(teamInvites.ownerUserId, userId), sql`lower(${teamInvites.inviteeEmail}) = ${email}`),
    );
  return { members: teamMembersOf, memberOf, invitations: invites };
}

async function catalogRequestsJson(db: Db, userId: string) {
  return db
    .select({
      workflow: catalogTemplates.name,
      status: catalogRequests.status,
      requestedAt: catalogRequests.createdAt,
      decidedAt: catalogRequests.decidedAt,
      declineReason: catalogRequests.declineReason,
    })
    .from(catalogRequests)
    .innerJoin(catalogTemplates, eq(catalogTemplates.id, catalogRequests.templateId))
    .where(eq(catalogRequests.clientUserId, userId));
}

async function enquiriesJson(db: Db, email: string) {
  const rows = await db.select().from(enquiries).where(sql`lower(${enquiries.email}) = ${email}`);
  return rows.map(({ id: _id, ...enquiry }) => enquiry);
}

async function notificationsJson(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!row) return null;
  return {
    emailOnFailure: row.emailOnFailure,
    emailOnSkip: row.emailOnSkip,
    dailySummary: row.dailySummary,
    webhookConfigured: Boolean(row.webhookUrl),
    updatedAt: row.updatedAt,
  };
}

function readme(user: UserRow, now: Date) {
  const lines = [
    `Data held by ${brand.name} about ${user.email}`,
    `Account ${user.id}, exported ${now.toISOString()}.`,
    '',
    'Files:',
    ...Object.entries(exportFiles).map(([name, what]) => `  ${name.padEnd(28)} ${what}`),
    '',
    'Passwords, two-factor secrets, webhook addresses and keys are never exported.',
    `Questions: ${brand.email}`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

async function* entriesOf(db: Db, user: UserRow): AsyncGenerator<ZipEntry> {
  const email = user.email.toLowerCase();
  const now = new Date();
  yield { name: 'README.txt', content: [readme(user, now)] };
  yield jsonEntry('account.json', accountJson(user));
  yield jsonEntry('processes.json', await processesJson(db, user.id));
  yield jsonEntry('schedules.json', await schedulesJson(db, user.id));
  // Runs older than the plan's log retention are already deleted: every run left is in.
  const rows = runCsvRows(db, {
    ownerId: user.id,
    since: new Date(0),
    until: new Date(now.getTime() + 60_000),
  });
  yield { name: 'runs.csv', content: csvStream(runCsvColumns, rows) };
  yield jsonEntry('invoices.json', await invoicesJson(db, user.id));
  yield jsonEntry('team.json', await teamJson(db, user.id, email));
  yield jsonEntry('catalog-requests.json', await catalogRequestsJson(db, user.id));
  yield jsonEntry('enquiries.json', await enquiriesJson(db, email));
  yield jsonEntry('notification-settings.json', await notificationsJson(db, user.id));
  yield jsonEntry('mail.json', await mailJson(db, email));
  yield jsonEntry('webhook-notices.json', await webhookNoticesJson(db, user.id));
  yield jsonEntry('passkeys.json', await passkeysJson(db, user.id));
  yield jsonEntry('api-tokens.json', await apiTokensJson(db, user.id));
  yield {
    name: 'audit-log.csv',
    content: csvStream(
      ['Time (UTC)', 'Level', 'Source', 'Event', 'IP address', 'Details'],
      auditCsvRows(db, user.id),
    ),
  };
}

/** Said instead of a body holding a one-time link: whoever downloads it must not use it. */
const LINK_LEFT_OUT = '[left out: this message holds a one-time link]';

/** The run notices kept for the person's webhook (the address itself is never kept). */
async function webhookNoticesJson(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(asc(webhookDeliveries.createdAt));
  return rows.map((row) => ({
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    notice: JSON.parse(row.body) as unknown,
  }));
}

/** Passkeys by name and dates: no credential id and no public key. */
async function passkeysJson(db: Db, userId: string) {
  return db
    .select({
      name: passkeys.name,
      synced: sql<boolean>`${passkeys.deviceType} = 'multiDevice'`,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** API tokens by name, shown prefix and dates: never the secret's hash. */
async function apiTokensJson(db: Db, userId: string) {
  return db
    .select({
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt));
}

/** Copies of the mail sent to the address, kept for the period shared/retention.ts names. */
async function mailJson(db: Db, email: string) {
  const rows = await db
    .select({
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      status: outbox.status,
      subject: outbox.subject,
      text: sql<string>`case when ${outbox.sensitive} then ${LINK_LEFT_OUT} else ${outbox.text} end`,
    })
    .from(outbox)
    .where(sql`lower(${outbox.to}) = ${email}`)
    .orderBy(asc(outbox.createdAt));
  return rows;
}

async function* entriesOfPerson(db: Db, email: string): AsyncGenerator<ZipEntry> {
  const lines = [
    `Data held by ${brand.name} about ${email}`,
    `No client account uses this address. Exported ${new Date().toISOString()}.`,
    '',
    'Files:',
    `  ${'enquiries.json'.padEnd(28)} ${exportFiles['enquiries.json']}`,
    `  ${'mail.json'.padEnd(28)} ${exportFiles['mail.json']}`,
    '',
    `Questions: ${brand.email}`,
  ];
  yield { name: 'README.txt', content: [`${lines.join('\r\n')}\r\n`] };
  yield jsonEntry('enquiries.json', await enquiriesJson(db, email));
  yield jsonEntry('mail.json', await mailJson(db, email));
}

/**
 * What is held about someone who only wrote to us (an enquiry, no account): their
 * enquiries and the mail we sent them.
 */
export function personArchive(db: Db, address: string): { stream: Readable; filename: string } {
  const day = new Date().toISOString().slice(0, 10);
  return {
    stream: zipStream(entriesOfPerson(db, address.toLowerCase())),
    filename: `data-export-enquirer-${day}.zip`,
  };
}

/** The archive as a stream, and the file name to save it under. */
export function exportArchive(db: Db, user: UserRow): { stream: Readable; filename: string } {
  const day = new Date().toISOString().slice(0, 10);
  const who = (user.companyCode ?? user.id.slice(0, 8)).replace(/[^A-Za-z0-9-]/g, '');
  return { stream: zipStream(entriesOf(db, user)), filename: `data-export-${who}-${day}.zip` };
}

/** Answers with the archive as a download that no cache keeps. */
export const sendArchive = (reply: FastifyReply, archive: { stream: Readable; filename: string }) =>
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${archive.filename}"`)
    .header('cache-control', 'no-store')
    .send(archive.stream);
