import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { catalogRequests, catalogTemplates, users } from '#server/db/schema.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { catalogRequestMail } from '#server/domain/mail/messages/catalog-request.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { forbidden, notFound } from '#server/http/errors.ts';
import { type CatalogRequest, type CatalogTemplate, catalogMessages } from '#shared/catalog.ts';

// The workflow catalog: templates for accounts with catalog access (Basic or the
// entitlement), access requests stored, audited and e-mailed to the provider.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RequestRow = typeof catalogRequests.$inferSelect;
type TemplateRow = typeof catalogTemplates.$inferSelect;
type Requester = { id: string; name: string; email: string } | null;

export function assertCatalogAccess(account: Account) {
  if (!accountCapabilities(account).hasCatalogAccess) throw forbidden(catalogMessages.notEnabled);
}

export async function listTemplates(db: Db, account: Account): Promise<CatalogTemplate[]> {
  const templates = await db.select().from(catalogTemplates).orderBy(asc(catalogTemplates.name));
  const requests = await db
    .select({
      templateId: catalogRequests.templateId,
      status: catalogRequests.status,
      declineReason: catalogRequests.declineReason,
      processId: catalogRequests.processId,
    })
    .from(catalogRequests)
    .where(eq(catalogRequests.clientUserId, account.owner.id))
    .orderBy(asc(catalogRequests.createdAt));
  // Oldest first, so the latest request of each template wins.
  const latest = new Map(requests.map((r) => [r.templateId, r]));
  return templates.map((t) => ({
    _id: t.id,
    name: t.name,
    description: t.description,
    tags: t.tags,
    requestStatus: latest.get(t.id)?.status ?? null,
    declineReason: latest.get(t.id)?.declineReason ?? null,
    processId: latest.get(t.id)?.processId ?? null,
  }));
}

export const requestToJson = (
  row: RequestRow,
  template: Pick<TemplateRow, 'name'>,
  by: Requester,
): CatalogRequest => ({
  _id: row.id,
  templateId: row.templateId,
  templateName: template.name,
  status: row.status,
  requestedBy: by ? { _id: by.id, name: by.name, email: by.email } : null,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  declineReason: row.declineReason,
  processId: row.processId,
});

export interface RequestContext {
  actorId: string;
  ip: string;
  /** Where the provider receives requests: ENQUIRY_TO or the brand address. */
  notify: string;
}

/** Stores a request; a second one while the first is pending answers the first. */
export async function requestAccess(
  db: Db,
  account: Account,
  templateId: string,
  context: RequestContext,
): Promise<{ created: boolean; request: CatalogRequest }> {
  const [template] = UUID.test(templateId)
    ? await db.select().from(catalogTemplates).where(eq(catalogTemplates.id, templateId))
    : [];
  if (!template) throw notFound(catalogMessages.templateNotFound);
  const { owner, actor } = account;
  return db.transaction(async (tx) => {
    // Serialises requests of one account for one template, so a double click is one row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${owner.id}:${template.id}`}))`);
    const [pending] = await tx
      .select()
      .from(catalogRequests)
      .where(
        and(
          eq(catalogRequests.clientUserId, owner.id),
          eq(catalogRequests.templateId, template.id),
          eq(catalogRequests.status, 'requested'),
        ),
      );
    if (pending) {
      const by = pending.requestedBy ? await findUserById(tx, pending.requestedBy) : undefined;
      return { created: false, request: requestToJson(pending, template, by ?? null) };
    }
    const [row] = await tx
      .insert(catalogRequests)
      .values({ templateId: template.id, clientUserId: owner.id, requestedBy: actor.id })
      .returning();
    if (!row) throw new Error('catalog request insert returned no row');
    await audit(tx, {
      source: 'catalog',
      message: `Access requested to "${template.name}"`,
      userId: owner.id,
      actorId: context.actorId,
      ip: context.ip,
      details: { requestId: row.id, templateId: template.id, templateSlug: template.slug },
    });
    const client = owner.companyName ? `${owner.name} (${owner.companyName})` : owner.name;
    await queueMail(tx, {
      kind: 'catalog-request',
      to: context.notify,
      replyTo: actor.email,
      ...(await catalogRequestMail({
        requester: actor,
        client,
        clientEmail: owner.email,
        plan: owner.subscriptionPlan,
        template,
        requestId: row.id,
      })),
    });
    return { created: true, request: requestToJson(row, template, actor) };
  });
}

/** An admin's view of one client's requests, newest first (client detail page). */
export async function listClientRequests(db: Db, clientId: string): Promise<CatalogRequest[]> {
  const client = await findUserById(db, clientId);
  if (!client) throw notFound(catalogMessages.clientNotFound);
  const rows = await db
    .select({ request: catalogRequests, templateName: catalogTemplates.name, by: users })
    .from(catalogRequests)
    .innerJoin(catalogTemplates, eq(catalogTemplates.id, catalogRequests.templateId))
    .leftJoin(users, eq(users.id, catalogRequests.requestedBy))
    .where(eq(catalogRequests.clientUserId, client.id))
    .orderBy(desc(catalogRequests.createdAt));
  return rows.map(({ request, templateName, by }) =>
    requestToJson(request, { name: templateName }, by),
  );
}
