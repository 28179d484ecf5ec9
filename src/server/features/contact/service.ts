import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  countUpTo,
  exactTime,
  type KeysetPosition,
  keysetPage,
  pastPosition,
} from '#server/db/keyset.ts';
import { type EnquiryRow, enquiries } from '#server/db/schema.ts';
import { readSearch, searchWords } from '#server/db/search.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { enquiryMail } from '#server/domain/mail/messages/enquiry.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { badRequest } from '#server/http/errors.ts';
import type { ContactSubmission } from '#shared/contact.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { countCapFor } from '#shared/paging.ts';

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

/** A page of enquiries: the newest first, or those before a cursor's enquiry. */
export interface EnquiryListQuery {
  limit: number;
  /** Every word must appear in the name, e-mail, company, message or interest. */
  q?: string;
  /** The last enquiry of the page before (its exact time and id). */
  before?: KeysetPosition;
}

/**
 * The words of a search, each matched by the columns' trigram indexes (migration 0033):
 * `column ilike '%word%'` is the indexes' own expression. A word of one or two letters has
 * no trigram and is always matched row by row.
 */
export const enquirySearch = (q: string | undefined) =>
  searchWords(q, [
    enquiries.name,
    enquiries.email,
    enquiries.company,
    enquiries.message,
    enquiries.interest,
  ]);

/**
 * A cursor names an enquiry this list gave, to the microsecond: one that does not (made
 * up, another list's, or its enquiry erased since) is refused with a message, never
 * answered with rows from a place nobody was.
 */
async function requireListed(db: Db, position: KeysetPosition) {
  const [found] = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(
      and(eq(enquiries.id, position.id), sql`${enquiries.createdAt} = ${position.at}::timestamptz`),
    )
    .limit(1);
  if (!found) throw badRequest(pageCursorMessage, { before: pageCursorMessage });
}

/** A page of enquiries, newest first, matching every search word, and how many match. */
export async function listEnquiries(db: Db, query: EnquiryListQuery) {
  const matching = and(...enquirySearch(query.q));
  const cap = countCapFor(query.q);
  const [, rows, counted] = await readSearch(db, { q: query.q, table: enquiries, matching }, (db) =>
    Promise.all([
      query.before ? requireListed(db, query.before) : undefined,
      db
        .select({ enquiry: enquiries, at: exactTime(enquiries.createdAt) })
        .from(enquiries)
        .where(
          and(
            matching,
            query.before
              ? pastPosition(enquiries.createdAt, enquiries.id, query.before, 'older')
              : undefined,
          ),
        )
        .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
        .limit(query.limit + 1),
      countUpTo(db, enquiries, matching, cap),
    ]),
  );
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => ({
    at: row.at,
    id: row.enquiry.id,
  }));
  return { rows: page.map((row) => row.enquiry), counted, cap, nextCursor };
}
