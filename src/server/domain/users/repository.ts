import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type NewUserRow, type UserRow, users } from '#server/db/schema.ts';

// Data access for user rows. Emails are stored lower-cased, so lookups lower-case too.

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined; // not an id we issued: no need to ask the database
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length;
}

export async function findUsersByIds(db: Db, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

const UNIQUE_VIOLATION = '23505';

/** True when the database refused a write for a unique index (two writers at once). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code === UNIQUE_VIOLATION;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
