import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { notificationSettings, teamMembers, users } from '#server/db/schema.ts';
import { ownerCapabilities } from '#shared/plans.ts';

// Who is told of an account's run: the owner and team members who set notifications up,
// while the owner's plan includes them (Pro's hasNotifications).

export type NoticeKind = 'failure' | 'skip';

export type Subscriber = typeof users.$inferSelect & {
  settings: typeof notificationSettings.$inferSelect;
};

/** The account's people who set notifications up, when its plan includes them. */
export async function subscribers(db: Db, ownerId: string): Promise<Subscriber[]> {
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!owner || !ownerCapabilities(owner).hasNotifications) return [];
  const members = await db
    .select({ id: teamMembers.memberUserId })
    .from(teamMembers)
    .where(eq(teamMembers.ownerUserId, ownerId));
  const rows = await db
    .select({ user: users, settings: notificationSettings })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(inArray(notificationSettings.userId, [ownerId, ...members.map((m) => m.id)]));
  return rows.map(({ user, settings }) => ({ ...user, settings }));
}

/** One person with their settings, whatever the plan: what they were told is owed to them. */
export async function subscriberById(db: Db, userId: string): Promise<Subscriber | undefined> {
  const [row] = await db
    .select({ user: users, settings: notificationSettings })
    .from(users)
    .innerJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row && { ...row.user, settings: row.settings };
}

/** A mail for each notice of this kind; those who chose the daily summary get that instead. */
export const wantsMail = (s: Subscriber, kind: NoticeKind) =>
  !s.settings.dailySummary &&
  (kind === 'failure' ? s.settings.emailOnFailure : s.settings.emailOnSkip);

/** A notice of this kind, by webhook or by mail. */
export const wantsNotice = (s: Subscriber, kind: NoticeKind) =>
  Boolean(s.settings.webhookUrl) || wantsMail(s, kind);
