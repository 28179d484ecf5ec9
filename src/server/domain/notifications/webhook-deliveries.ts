import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  notificationSettings,
  type WebhookDeliveryRow,
  webhookDeliveries,
} from '#server/db/schema.ts';
import { attemptsWithin, backoffMs, FIRST_RETRY_MS } from '#server/domain/retry/backoff.ts';
import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';
import { signatureHeaders } from '#shared/notifications.ts';
import { retention } from '#shared/retention.ts';

// A run notice for a person's webhook is a row of webhook_deliveries: written when the
// notice is decided, tried at once by the instance that wrote it, and retried by the
// notification job on the mail outbox's back-off for a day while the listener is down or
// answers an error. The address and the signing secret are read from the person's
// settings at each attempt (a changed URL or secret takes effect on the next try, a
// removed one ends the delivery), so neither is ever kept with the notice.
//
// A claim pushes next_attempt_at forward (a lease), so two instances never call one
// notice at once. Unlike mail, a call has a bound (TIMEOUT_MS), so a lease longer than a
// whole batch needs no heartbeat; an instance that dies mid-call lets go within it.

const DAY_MS = 86_400_000;
/** Tries from the first until a day has passed on the shared schedule (31 of them). */
export const WEBHOOK_MAX_ATTEMPTS = attemptsWithin(DAY_MS);
/** The same for a first wait of `firstRetryMs`. */
const maxAttempts = (firstRetryMs: number) =>
  firstRetryMs === FIRST_RETRY_MS ? WEBHOOK_MAX_ATTEMPTS : attemptsWithin(DAY_MS, firstRetryMs);
/** How long a claim keeps other instances off a row: a batch of calls ends well within it. */
export const WEBHOOK_LEASE_MS = 5 * 60_000;
/**
 * A delivered notice is kept a week: long enough to answer "did my notice go out?", and
 * the listener has its own copy. One given up is kept as long as given-up mail
 * (shared/retention.ts), so an admin can still look into it or send it again.
 */
export const SENT_WEBHOOK_RETENTION_DAYS = 7;
const TIMEOUT_MS = 5_000;
const BATCH_SIZE = 20;

/** Why an attempt failed, as the admin's Outbox shows it: never the address itself. */
export const webhookFailures = {
  removed: 'The webhook was removed from the notification settings.',
  answered: (status: number) => `The webhook answered ${status}.`,
  blocked:
    'The webhook address is private, loopback or otherwise non-public, so calls to it are refused.',
  invalid: 'The webhook address is not a valid http or https URL.',
  timeout: `The webhook gave no answer within ${TIMEOUT_MS / 1000} s.`,
  unreachable: (code: string | null) =>
    `The webhook could not be reached${code ? ` (${code})` : ''}.`,
} as const;

export function signNotice(secret: string, timestamp: string, body: string) {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Posts one notice, signed now; the HTTP status. Throws OutboundError without an answer. */
export async function postNotice(
  target: { url: string; secret: string },
  body: string,
  allowPrivate: boolean,
): Promise<number> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const answer = await sendOutbound({
    url: target.url,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [signatureHeaders.timestamp]: timestamp,
      [signatureHeaders.signature]: signNotice(target.secret, timestamp, body),
    },
    body,
    timeoutMs: TIMEOUT_MS,
    allowPrivate,
    maxBodyBytes: 1024,
  });
  return answer.status;
}

/**
 * In words that hold no address: the outbound module's messages name the host, and a
 * webhook URL may carry its key in the path (Slack's do).
 */
function failureOf(error: unknown): string {
  if (!(error instanceof OutboundError)) return webhookFailures.unreachable(null);
  if (error.kind === 'blocked') return webhookFailures.blocked;
  if (error.kind === 'invalid-url') return webhookFailures.invalid;
  if (error.kind === 'timeout') return webhookFailures.timeout;
  return webhookFailures.unreachable(/\bE[A-Z_]{3,}\b/.exec(error.message)?.[0] ?? null);
}

/** Queues a notice, claimed for the caller, who tries it at once with attemptDelivery. */
export async function queueDelivery(
  db: Db,
  notice: { userId: string; event: string; body: string },
  now = new Date(),
): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...notice, nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
    .returning();
  if (!row) throw new Error('webhook delivery insert returned no row');
  return row;
}

/** Claims the deliveries due at `at` for this instance (a lease of WEBHOOK_LEASE_MS). */
export function claimDueDeliveries(db: Db, at: Date): Promise<WebhookDeliveryRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(at.getTime() + WEBHOOK_LEASE_MS) })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((row) => row.id),
          ),
        );
    }
    return due;
  });
}

/**
 * One try of a claimed delivery: sent on a 2xx answer; otherwise due again after the
 * back-off, or failed once a day of tries is over or the webhook is gone.
 */
export async function attemptDelivery(
  db: Db,
  row: WebhookDeliveryRow,
  options: { allowPrivate: boolean; now?: Date; log?: FastifyBaseLogger; firstRetryMs?: number },
): Promise<WebhookDeliveryRow['status']> {
  const firstRetryMs = options.firstRetryMs ?? FIRST_RETRY_MS;
  const [settings] = await db
    .select({ url: notificationSettings.webhookUrl, secret: notificationSettings.webhookSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, row.userId));
  const attempts = row.attempts + 1;
  let failure: string | null = null;
  let final = false;
  if (!settings?.url || !settings.secret) {
    failure = webhookFailures.removed;
    final = true;
  } else {
    const status = await postNotice(
      { url: settings.url, secret: settings.secret },
      row.body,
      options.allowPrivate,
    ).catch((error: unknown) => failureOf(error));
    if (typeof status === 'string') failure = status;
    else if (status < 200 || status >= 300) failure = webhookFailures.answered(status);
  }
  const now = options.now ?? new Date();
  const outcome =
    failure === null
      ? 'sent'
      : final || attempts >= maxAttempts(firstRetryMs)
        ? 'failed'
        : 'pending';
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome,
      attempts,
      lastError: failure,
      sentAt: outcome === 'sent' ? now : null,
      nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, firstRetryMs)),
    })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'pending')));
  if (failure) {
    options.log?.warn(
      { deliveryId: row.id, userId: row.userId, attempts, outcome, reason: failure },
      'notification webhook failed',
    );
  }
  return outcome;
}

/** The retention job's part: delivered notices after a week, given-up ones with old mail. */
export async function deleteOldDeliveries(db: Db, now = new Date()): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      or(
        and(
          eq(webhookDeliveries.status, 'sent'),
          lt(webhookDeliveries.createdAt, before(SENT_WEBHOOK_RETENTION_DAYS)),
        ),
        and(
          eq(webhookDeliveries.status, 'failed'),
          lt(webhookDeliveries.createdAt, before(retention.mailDays)),
        ),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
