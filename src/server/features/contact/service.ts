import { and, count, desc } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type EnquiryRow, enquiries } from '#server/db/schema.ts';
import { searchWords } from '#server/db/search.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { enquiryMail } from '#server/domain/mail/messages/enquiry.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import type { ContactSubmission } from '#shared/contact.ts';

// An enquiry is stored first, then e-mailed through the outbox, so it is never lost
// even when mail is down.

export async function submitEnquiry(
  db: Db,
  input: ContactSubmission,
  options: { ip: string; notify: string },
): Promise<EnquiryRow> {
  const [row] = await db
    .insert(enquiries)
    .values({ ...input, ip: options.ip })
    .returning();
  if (!row) throw new Error('enquiry insert returned no row');
  await queueMail(db, {
    kind: 'enquiry',
    to: options.notify,
    replyTo: row.email,
    ...(await enquiryMail(row)),
  });
  await audit(db, {
    source: 'contact',
    message: `Enquiry from ${row.name} (${row.interest})`,
    ip: options.ip,
    details: { enquiryId: row.id },
  });
  return row;
}

/** A page of enquiries, newest first, matching every search word. */
export async function listEnquiries(
  db: Db,
  query: { limit: number; offset: number; q?: string } = { limit: 500, offset: 0 },
) {
  const where = and(
    ...searchWords(query.q, [
      enquiries.name,
      enquiries.email,
      enquiries.company,
      enquiries.message,
      enquiries.interest,
    ]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(enquiries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
