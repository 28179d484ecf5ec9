import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isId } from '#server/db/ids.ts';
import { auditLogs, enquiries, outbox } from '#server/db/schema.ts';
import { ERASED } from '#server/domain/accounts/erasure.ts';
import { audit } from '#server/domain/audit/audit.ts';

// Erasing one enquiry: the row, the notice mail it sent the consultancy (kind "enquiry",
// reply-to the sender), and the sender's name in the audit entry about it
// (docs/decisions/017-privacy-requests.md).

/** The address an enquiry came from; undefined when there is no such enquiry. */
export async function enquirySender(db: Db, id: string): Promise<string | undefined> {
  if (!isId(id)) return undefined;
  const [row] = await db
    .select({ email: enquiries.email })
    .from(enquiries)
    .where(eq(enquiries.id, id));
  return row?.email;
}

export async function eraseEnquiry(
  db: Db,
  id: string,
  acting: { actorId: string; ip: string },
): Promise<boolean> {
  if (!isId(id)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(enquiries).where(eq(enquiries.id, id)).returning();
    if (!row) return false;
    const sent = row.createdAt.toISOString();
    await tx
      .delete(outbox)
      .where(
        and(
          eq(outbox.kind, 'enquiry'),
          sql`lower(${outbox.replyTo}) = ${row.email.toLowerCase()}`,
          sql`${outbox.createdAt} between ${sent}::timestamptz - interval '1 hour' and ${sent}::timestamptz + interval '1 hour'`,
        ),
      );
    await tx
      .update(auditLogs)
      .set({ message: `Enquiry from ${ERASED} (${row.interest})`, ip: null })
      .where(and(eq(auditLogs.source, 'contact'), sql`${auditLogs.details}->>'enquiryId' = ${id}`));
    await audit(tx, {
      level: 'warning',
      source: 'privacy',
      message: 'Enquiry erased',
      actorId: acting.actorId,
      ip: acting.ip,
      details: { enquiryId: id },
    });
    return true;
  });
}
