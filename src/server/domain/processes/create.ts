import type { Db } from '#server/db/client.ts';
import { processes } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import type { CreateProcess } from '#shared/processes.ts';
import { createdProcessDetails } from './audit-details.ts';

// Creating a process for a client: the admin's processes screen and an approved catalog
// request both come here. The audit entry names the webhook addresses and credentials set,
// never their values (audit-details.ts).

export async function insertProcess(db: Db, actorId: string, input: CreateProcess) {
  const client = await findUserById(db, input.clientUserId);
  if (!client) {
    throw new DomainError('invalid', 'Choose an existing client.', {
      clientUserId: 'Choose an existing client.',
    });
  }
  const [row] = await db.insert(processes).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  await audit(db, {
    source: 'processes',
    message: `Process "${row.name}" created`,
    userId: row.clientUserId,
    actorId,
    processId: row.id,
    details: createdProcessDetails(input),
  });
  return row;
}
