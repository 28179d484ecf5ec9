import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema.ts';

// Product-wide settings stored in the database, so every instance sees the same value.

export const ADMIN_ALLOWED_IP = 'adminAllowedIp';

export async function getSetting<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return (row?.value as T | undefined) ?? null;
}

export async function setSetting(db: Db, key: string, value: unknown, updatedBy: string | null) {
  await db
    .insert(appSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value, updatedBy, updatedAt: new Date() },
    });
}

export async function clearSetting(db: Db, key: string) {
  await db.delete(appSettings).where(eq(appSettings.key, key));
}
