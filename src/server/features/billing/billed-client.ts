import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';

/** The client an admin's billing call is about; 404 when there is none. */
export async function requireClient(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('Client not found.');
  return row;
}
