import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { manualRunRequests, users } from '#server/db/schema.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { manualRunsGrantedMail } from '#server/domain/mail/messages/manual-runs-granted.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  type ManualRunRequest,
  type ManualRunState,
  manualRunMessages,
} from '#shared/manual-runs.ts';
import { paths } from '#shared/paths.ts';

// Asking for manual runs and granting them. One open request per account (a partial
// unique index keeps it so); asking again answers the open one. Granting sets the
// owner's entitlement, closes the request, audits it and mails the owner, in one
// transaction.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RequestRow = typeof manualRunRequests.$inferSelect;

async function toJson(db: Db, row: RequestRow): Promise<ManualRunRequest> {
  const [by] = row.requestedBy
    ? await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, row.requestedBy))
    : [];
  return {
    _id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    requestedBy: by ? { _id: by.id, name: by.name } : null,
  };
}

async function openRequestOf(db: Db, ownerId: string) {
  const [row] = await db
    .select()
    .from(manualRunRequests)
    .where(
      and(eq(manualRunRequests.clientUserId, ownerId), eq(manualRunRequests.status, 'requested')),
    )
    .orderBy(desc(manualRunRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** The account's state: on or off, and its request still waiting, if any. */
export async function manualRunState(db: Db, account: Account): Promise<ManualRunState> {
  const enabled = accountCapabilities(account).manualTriggerAllowed;
  const open = enabled ? null : await openRequestOf(db, account.owner.id);
  return { enabled, request: open ? await toJson(db, open) : null };
}

export interface Asking {
  actorId: string;
  ip: string;
}

/** Asks for the account's owner; a second ask while one is open answers the open one. */
export function askForManualRuns(
  db: Db,
  account: Account,
  acting: Asking,
): Promise<{ created: boolean; request: ManualRunRequest }> {
  if (accountCapabilities(account).manualTriggerAllowed) {
    throw conflict(manualRunMessages.alreadyOn);
  }
  const { owner, actor } = account;
  return db.transaction(async (tx) => {
    // Serialises one account's asks, so a double click (or owner and member at once) is one row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manual-runs:${owner.id}`}))`);
    const open = await openRequestOf(tx, owner.id);
    if (open) return { created: false, request: await toJson(tx, open) };
    const [row] = await tx
      .insert(manualRunRequests)
      .values({ clientUserId: owner.id, requestedBy: actor.id })
      .returning();
    if (!row) throw new Error('manual run request insert returned no row');
    await audit(tx, {
      source: 'manual-runs',
      message: 'Manual runs requested',
      userId: owner.id,
      actorId: acting.actorId,
      ip: acting.ip,
      details: { requestId: row.id },
    });
    return { created: true, request: await toJson(tx, row) };
  });
}

export interface Granting {
  actorId: string;
  ip: string;
  publicUrl: string;
}

/** Turns manual runs on for the client who asked, closes the request, tells them. */
export function grantManualRuns(db: Db, id: string, acting: Granting): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = UUID.test(id)
      ? await tx
          .select({ request: manualRunRequests, client: users })
          .from(manualRunRequests)
          .innerJoin(users, eq(users.id, manualRunRequests.clientUserId))
          .where(eq(manualRunRequests.id, id))
          .for('update', { of: manualRunRequests })
      : [];
    if (!row) throw notFound(manualRunMessages.requestNotFound);
    const { request, client } = row;
    if (request.status !== 'requested') throw conflict(manualRunMessages.alreadyAnswered);
    const now = new Date();
    await tx
      .update(users)
      .set({ entitlements: { ...client.entitlements, manualTrigger: true }, updatedAt: now })
      .where(eq(users.id, client.id));
    await tx
      .update(manualRunRequests)
      .set({ status: 'granted', decidedAt: now, decidedBy: acting.actorId })
      .where(eq(manualRunRequests.id, request.id));
    await audit(tx, {
      source: 'manual-runs',
      message: 'Manual runs turned on, as the client asked',
      userId: client.id,
      actorId: acting.actorId,
      ip: acting.ip,
      details: { requestId: request.id },
    });
    await queueMail(tx, {
      kind: 'manual-runs-granted',
      to: client.email,
      ...(await manualRunsGrantedMail({
        processesUrl: `${acting.publicUrl}${paths.clientProcesses}`,
      })),
    });
    return manualRunMessages.granted;
  });
}
