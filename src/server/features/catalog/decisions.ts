import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { catalogRequests, catalogTemplates, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import {
  catalogApprovedMail,
  catalogDeclinedMail,
} from '#server/domain/mail/messages/catalog-answer.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { insertProcess } from '#server/domain/processes/create.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  type ApproveRequestSchema,
  type CatalogRequestStatus,
  catalogMessages,
  type QueuedCatalogRequest,
} from '#shared/catalog.ts';
import { paths } from '#shared/paths.ts';
import { CreateProcessSchema } from '#shared/processes.ts';
import { requestToJson } from './service.ts';

// Answering catalog requests: the admin's queue, approve (optionally creating
// the client's process from the template) or decline with a reason. The client sees the
// answer on /catalog and gets a mail; every answer is audited.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The queue shows this many at a time: open ones oldest first, answered ones newest first. */
const QUEUE_LIMIT = 100;

export interface Deciding {
  actorId: string;
  ip: string;
  publicUrl: string;
}

export async function listQueue(
  db: Db,
  status: CatalogRequestStatus | undefined,
): Promise<QueuedCatalogRequest[]> {
  const open = status === 'requested';
  const rows = await db
    .select({ request: catalogRequests, template: catalogTemplates, client: users })
    .from(catalogRequests)
    .innerJoin(catalogTemplates, eq(catalogTemplates.id, catalogRequests.templateId))
    .innerJoin(users, eq(users.id, catalogRequests.clientUserId))
    .where(status ? eq(catalogRequests.status, status) : undefined)
    .orderBy(open ? asc(catalogRequests.createdAt) : desc(catalogRequests.createdAt))
    .limit(QUEUE_LIMIT);
  const requesters = new Map(
    await Promise.all(
      [...new Set(rows.map((r) => r.request.requestedBy).filter((id): id is string => !!id))].map(
        async (id) => [id, (await findUserById(db, id)) ?? null] as const,
      ),
    ),
  );
  return rows.map(({ request, template, client }) => ({
    ...requestToJson(
      request,
      template,
      request.requestedBy ? (requesters.get(request.requestedBy) ?? null) : null,
    ),
    client: {
      _id: client.id,
      name: client.name,
      email: client.email,
      companyName: client.companyName,
    },
  }));
}

async function openRequest(tx: Db, id: string) {
  const [row] = UUID.test(id)
    ? await tx
        .select({ request: catalogRequests, template: catalogTemplates, client: users })
        .from(catalogRequests)
        .innerJoin(catalogTemplates, eq(catalogTemplates.id, catalogRequests.templateId))
        .innerJoin(users, eq(users.id, catalogRequests.clientUserId))
        .where(eq(catalogRequests.id, id))
        .for('update', { of: catalogRequests })
    : [];
  if (!row) throw notFound(catalogMessages.requestNotFound);
  if (row.request.status !== 'requested') throw conflict(catalogMessages.alreadyAnswered);
  return row;
}

export function approveRequest(
  db: Db,
  id: string,
  input: z.output<typeof ApproveRequestSchema>,
  acting: Deciding,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { request, template, client } = await openRequest(tx, id);
    const process =
      input.createProcess && input.n8nWebhookUrl
        ? await insertProcess(
            tx,
            acting.actorId,
            CreateProcessSchema.parse({
              name: template.name,
              description: template.description,
              clientUserId: client.id,
              n8nWebhookUrl: input.n8nWebhookUrl,
            }),
          )
        : null;
    await tx
      .update(catalogRequests)
      .set({
        status: 'approved',
        decidedAt: new Date(),
        decidedBy: acting.actorId,
        processId: process?.id ?? null,
      })
      .where(and(eq(catalogRequests.id, request.id), eq(catalogRequests.status, 'requested')));
    await audit(tx, {
      source: 'catalog',
      message: `Catalog request for "${template.name}" approved${process ? ', process created' : ''}`,
      userId: client.id,
      actorId: acting.actorId,
      ip: acting.ip,
      processId: process?.id ?? null,
      details: { requestId: request.id, templateId: template.id },
    });
    await queueMail(tx, {
      kind: 'catalog-answer',
      to: client.email,
      ...(await catalogApprovedMail({
        template: template.name,
        processesUrl: process ? `${acting.publicUrl}${paths.clientProcesses}` : null,
      })),
    });
    return process ? catalogMessages.approvedWithProcess : catalogMessages.approved;
  });
}

export function declineRequest(
  db: Db,
  id: string,
  reason: string,
  acting: Deciding,
): Promise<string> {
  return db.transaction(async (tx) => {
    const { request, template, client } = await openRequest(tx, id);
    await tx
      .update(catalogRequests)
      .set({
        status: 'declined',
        decidedAt: new Date(),
        decidedBy: acting.actorId,
        declineReason: reason,
      })
      .where(and(eq(catalogRequests.id, request.id), eq(catalogRequests.status, 'requested')));
    await audit(tx, {
      source: 'catalog',
      message: `Catalog request for "${template.name}" declined`,
      userId: client.id,
      actorId: acting.actorId,
      ip: acting.ip,
      details: { requestId: request.id, templateId: template.id },
    });
    await queueMail(tx, {
      kind: 'catalog-answer',
      to: client.email,
      ...(await catalogDeclinedMail({
        template: template.name,
        reason,
        catalogUrl: `${acting.publicUrl}${paths.catalog}`,
      })),
    });
    return catalogMessages.declined;
  });
}
