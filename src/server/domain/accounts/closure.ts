import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  dataExports,
  passwordResets,
  schedules,
  sessions,
  teamInvites,
  teamMembers,
  type UserRow,
  users,
} from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import { accountClosedMail } from '#server/domain/mail/messages/account-closed.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { retention } from '#shared/retention.ts';

// Closing a client account: from then on it is refused everywhere (its tokens,
// a new sign-in, a reset link), its schedules no longer exist, its team is detached, and
// the retention job erases it after the promised period. The subscription is cancelled
// through the billing provider first, so nothing is charged after the account closes.

export interface ClosureActing {
  /** Who closed it: the owner, or an admin. */
  actorId: string;
  ip: string | null;
  impersonatorId?: string | null;
}

export interface ClosureDeps {
  db: Db;
  /** The billing provider's cancellation; it throws when the provider fails. */
  cancelSubscription(owner: UserRow, acting: ClosureActing & { ip: string }): Promise<void>;
}

/** Refuses what cannot be closed: an admin account, or one already closed. */
export function assertClosable(account: UserRow) {
  if (account.role === 'Admin') throw new DomainError('conflict', privacyMessages.adminAccount);
  if (account.erasedAt) throw new DomainError('conflict', privacyMessages.alreadyErased);
  if (account.closedAt) throw new DomainError('conflict', privacyMessages.alreadyClosed);
}

export async function closeAccount(
  { db, cancelSubscription }: ClosureDeps,
  account: UserRow,
  acting: ClosureActing,
): Promise<void> {
  assertClosable(account);
  await cancelSubscription(account, { ...acting, ip: acting.ip ?? '' });
  const now = new Date();
  await db.transaction(async (tx) => {
    // The conditional update makes two closes one: the second finds it closed.
    const [closed] = await tx
      .update(users)
      .set({ closedAt: now, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.id, account.id), isNull(users.closedAt)))
      .returning({ id: users.id });
    if (!closed) throw new DomainError('conflict', privacyMessages.alreadyClosed);
    const ended = await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(
        and(
          or(eq(sessions.userId, account.id), eq(sessions.impersonatorId, account.id)),
          isNull(sessions.endedAt),
        ),
      )
      .returning({ id: sessions.id });
    const stopped = await tx
      .delete(schedules)
      .where(eq(schedules.clientUserId, account.id))
      .returning({ id: schedules.id });
    const detached = await tx
      .delete(teamMembers)
      .where(or(eq(teamMembers.ownerUserId, account.id), eq(teamMembers.memberUserId, account.id)))
      .returning({ id: teamMembers.id });
    await tx.delete(teamInvites).where(eq(teamInvites.ownerUserId, account.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, account.id));
    await tx.delete(dataExports).where(eq(dataExports.userId, account.id));
    await audit(tx, {
      level: 'warning',
      source: 'privacy',
      message: acting.actorId === account.id ? 'Account closed by its owner' : 'Account closed',
      userId: account.id,
      actorId: acting.actorId,
      ip: acting.ip,
      details: {
        sessionsEnded: ended.length,
        schedulesStopped: stopped.length,
        membersDetached: detached.length,
        eraseAfterDays: retention.closedAccountDays,
      },
    });
    await queueMail(tx, {
      kind: 'account-closed',
      to: account.email,
      ...(await accountClosedMail({
        name: account.name,
        companyName: account.companyName,
        closedOn: now.toISOString().slice(0, 10),
        eraseAfterDays: retention.closedAccountDays,
      })),
    });
  });
}
