import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { webauthnChallenges } from '#server/db/schema.ts';

// WebAuthn challenges live in the database (docs/decisions/020-passkeys.md), so any
// instance can finish a ceremony another began, and each is used once: taking one deletes
// it, whatever the verification then finds. The retention job deletes those never taken.

export type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];

/** A browser has this long to answer; the options ask it to give up after one minute. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export async function saveChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now = new Date(),
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Deletes the challenge and answers whom it was for (`userId`, null for a sign-in that
 * named nobody), or undefined when it was never handed out for this purpose, was already
 * taken, or has expired.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  now = new Date(),
): Promise<{ userId: string | null } | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)),
    )
    .returning({ userId: webauthnChallenges.userId, expiresAt: webauthnChallenges.expiresAt });
  if (!row || row.expiresAt <= now) return undefined;
  return { userId: row.userId };
}

/** Challenges nobody answered in time. */
export async function deleteExpiredChallenges(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, now))
    .returning({ id: webauthnChallenges.id });
  return deleted.length;
}
