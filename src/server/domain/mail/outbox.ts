import { count, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type MailAttachment, type OutboxRow, outbox } from '#server/db/schema.ts';

// Mail is written to the outbox table first and delivered by the sender job, so a
// message survives a mail server that is down (DESIGN §1).

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  /**
   * The HTML part, rendered when the mail is queued from the same component as `text`
   * (domain/mail/components). Without it the sender frames the text (TextMail).
   */
  html?: string | null;
  /** Files sent with the mail (base64), e.g. a report's PDF. */
  attachments?: MailAttachment[] | null;
  replyTo?: string | null;
  /** What the message is for, e.g. "enquiry", "team-invite", "password-reset". */
  kind: string;
  /**
   * The body holds a secret (a reset or invite link). The database keeps only a hash of
   * such a token, so the body is the one readable copy: it is cleared once delivered, or
   * by the retention job when it never was.
   */
  sensitive?: boolean;
}

/** What a sensitive body becomes once the message is delivered. */
export const CLEARED_AFTER_DELIVERY = '[cleared after delivery: this message held a one-time link]';
/** What it becomes when it was never delivered and its link has expired. */
export const CLEARED_UNDELIVERED = '[cleared: this undelivered message held a one-time link]';

export async function queueMail(db: Db, mail: QueuedMail): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      replyTo: mail.replyTo ?? null,
      kind: mail.kind,
      sensitive: mail.sensitive ?? false,
    })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/** How many messages have each of `statuses` (the metrics' outbox depth; index on status). */
export async function countOutboxByStatus(
  db: Db,
  statuses: readonly OutboxRow['status'][],
): Promise<{ status: string; count: number }[]> {
  return db
    .select({ status: outbox.status, count: count() })
    .from(outbox)
    .where(inArray(outbox.status, [...statuses]))
    .groupBy(outbox.status);
}
