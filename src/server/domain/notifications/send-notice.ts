import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes } from '#server/db/schema.ts';
import { runNoticeMail } from '#server/domain/mail/messages/run-notice.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { paths } from '#shared/paths.ts';
import type { NotifierDeps } from './notifier-deps.ts';
import { type NoticeKind, type Subscriber, wantsMail } from './subscribers.ts';
import { attemptDelivery, queueDelivery } from './webhook-deliveries.ts';

// Telling one person: a mail through the outbox when they want one, and a signed notice
// for their webhook when they set one, kept until delivered.

export interface Notice {
  processId: string;
  /** The process's name, as the notice says it. */
  name: string;
  kind: NoticeKind;
  subject: string;
  lines: string[];
}

export async function processName(db: Db, processId: string) {
  const [row] = await db
    .select({ name: processes.name })
    .from(processes)
    .where(eq(processes.id, processId));
  return row?.name ?? 'A process';
}

export async function sendNotice(deps: NotifierDeps, s: Subscriber, notice: Notice) {
  const { db, publicUrl, allowPrivate, log, firstRetryMs } = deps;
  // Opens that process's run history (the portal reads ?runs=).
  const link = `${publicUrl}${paths.clientProcesses}?runs=${encodeURIComponent(notice.processId)}`;
  if (wantsMail(s, notice.kind)) {
    await queueMail(db, {
      kind: 'run-notice',
      to: s.email,
      ...(await runNoticeMail({
        name: s.name,
        subject: notice.subject,
        lines: notice.lines,
        link,
      })),
    });
  }
  if (!s.settings.webhookUrl) return;
  const event = notice.kind === 'failure' ? 'run.failed' : 'run.skipped';
  const body = JSON.stringify({
    text: `${notice.subject}\n${notice.lines.join('\n')}\n${link}`,
    event,
    process: { id: notice.processId, name: notice.name },
    link,
  });
  // Kept until delivered; the first try is now, not at the job's next round.
  const delivery = await queueDelivery(db, { userId: s.id, event, body });
  await attemptDelivery(db, delivery, { allowPrivate, log, firstRetryMs });
}
