import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

// The time zone a person reads every time in: their own, not their team's, since members
// of one team may sit in different places. Null follows the browser they use.

export async function saveTimeZone(
  db: Db,
  userId: string,
  timeZone: string | null,
): Promise<string | null> {
  await db.update(users).set({ timeZone, updatedAt: new Date() }).where(eq(users.id, userId));
  return timeZone;
}
