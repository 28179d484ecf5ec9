import { asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  catalogRequests,
  catalogTemplates,
  enquiries,
  manualRunRequests,
  outbox,
  users,
} from '#server/db/schema.ts';
import {
  ATTENTION_RECENT_DAYS,
  ATTENTION_SECTION_SIZE,
  type AttentionItem,
} from '#shared/attention.ts';
import { paths } from '#shared/paths.ts';

// What waits on the admin: catalog requests to approve or decline, clients asking for
// manual runs (granted from Today itself), mail that failed or
// waits for SMTP, and the enquiries of the last week (an enquiry has no read mark, so
// "new" is a week old at most). Each is read newest first through its own index.

const DAY_MS = 86_400_000;
const limit = ATTENTION_SECTION_SIZE;

/** The start of a message, on one line. */
const snippet = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

export async function catalogWaiting(db: Db) {
  const waiting = eq(catalogRequests.status, 'requested');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        request: catalogRequests,
        template: catalogTemplates.name,
        client: users.name,
        company: users.companyName,
      })
      .from(catalogRequests)
      .innerJoin(catalogTemplates, eq(catalogTemplates.id, catalogRequests.templateId))
      .innerJoin(users, eq(users.id, catalogRequests.clientUserId))
      .where(waiting)
      .orderBy(desc(catalogRequests.createdAt), desc(catalogRequests.id))
      .limit(limit),
    db.select({ n: count() }).from(catalogRequests).where(waiting),
  ]);
  const items: AttentionItem[] = rows.map(({ request, template, client, company }) => ({
    id: request.id,
    kind: 'catalog_request',
    title: template,
    detail: `Asked for by ${company ? `${client} (${company})` : client}`,
    at: request.createdAt.toISOString(),
    href: paths.adminCatalogRequests,
  }));
  return { total: counted?.n ?? 0, items };
}

/** Clients asking for manual runs, oldest first: the longest wait is answered first. */
export async function manualRunsWaiting(db: Db) {
  const waiting = eq(manualRunRequests.status, 'requested');
  const [rows, [counted]] = await Promise.all([
    db
      .select({ request: manualRunRequests, client: users })
      .from(manualRunRequests)
      .innerJoin(users, eq(users.id, manualRunRequests.clientUserId))
      .where(waiting)
      .orderBy(asc(manualRunRequests.createdAt), asc(manualRunRequests.id))
      .limit(limit),
    db.select({ n: count() }).from(manualRunRequests).where(waiting),
  ]);
  const items: AttentionItem[] = rows.map(({ request, client }) => ({
    id: request.id,
    kind: 'manual_run_request',
    title: client.companyName ? `${client.name} (${client.companyName})` : client.name,
    detail: `${client.subscriptionPlan} plan · asks to run workflows by hand`,
    at: request.createdAt.toISOString(),
    href: `${paths.adminClient(client.id)}#entitlements`,
  }));
  return { total: counted?.n ?? 0, items };
}

/**
 * Mail that failed, and without SMTP_URL the mail waiting to go: kept, never sent, until
 * SMTP is set up. The waiting mail is one item with its count, not a line per message.
 */
export async function mailToLookAt(db: Db, smtpConfigured: boolean) {
  const failed = eq(outbox.status, 'failed');
  const [rows, [failedCount], [waiting]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(failed)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit),
    db.select({ n: count() }).from(outbox).where(failed),
    smtpConfigured
      ? [{ n: 0, newest: null }]
      : db
          .select({ n: count(), newest: sql<string | null>`max(${outbox.createdAt})` })
          .from(outbox)
          .where(eq(outbox.status, 'pending')),
  ]);
  const items: AttentionItem[] = rows.map((mail) => ({
    id: mail.id,
    kind: 'mail_failed',
    title: mail.subject,
    detail: `To ${mail.to}${mail.lastError ? ` · ${mail.lastError}` : ''}`,
    at: mail.createdAt.toISOString(),
    href: paths.adminOutbox,
  }));
  const held = waiting?.n ?? 0;
  if (held > 0) {
    items.unshift({
      id: 'mail-waiting',
      kind: 'mail_waiting',
      title: `${held} ${held === 1 ? 'message waits' : 'messages wait'} in the outbox`,
      detail: 'SMTP_URL is not set: mail is kept but not sent.',
      at: waiting?.newest ? new Date(waiting.newest).toISOString() : null,
      href: paths.adminOutbox,
    });
  }
  return { total: (failedCount?.n ?? 0) + held, items: items.slice(0, limit) };
}

export async function newEnquiries(db: Db, now: Date) {
  const recent = gte(enquiries.createdAt, new Date(now.getTime() - ATTENTION_RECENT_DAYS * DAY_MS));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(recent)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(limit),
    db.select({ n: count() }).from(enquiries).where(recent),
  ]);
  const items: AttentionItem[] = rows.map((enquiry) => ({
    id: enquiry.id,
    kind: 'enquiry',
    title: enquiry.company ? `${enquiry.name} (${enquiry.company})` : enquiry.name,
    detail: `${enquiry.interest} · ${snippet(enquiry.message)}`,
    at: enquiry.createdAt.toISOString(),
    href: paths.adminEnquiries,
  }));
  return { total: counted?.n ?? 0, items };
}
