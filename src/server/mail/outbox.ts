import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';

// Mail is written to the outbox table first and delivered by the sender job, so a
// message survives a mail server that is down (DESIGN §1).

export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
  /** What the message is for, e.g. "enquiry", "team-invite", "password-reset". */
  kind: string;
}

export async function queueMail(db: Db, mail: QueuedMail): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      replyTo: mail.replyTo ?? null,
      kind: mail.kind,
    })
    .returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}
