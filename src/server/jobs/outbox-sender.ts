import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { renderTextMailHtml } from '#server/domain/mail/components/index.ts';
import { CLEARED_AFTER_DELIVERY } from '#server/domain/mail/outbox.ts';
import { backoffMs } from '#server/domain/retry/backoff.ts';
import {
  type MailTransport,
  type OutgoingMail,
  PermanentMailError,
} from '#server/integrations/mailer/smtp.ts';
import type { Job } from './runner.ts';

// Delivers queued mail. A claim pushes next_attempt_at forward (a lease), so two
// instances never send one message twice at once; a failure is retried with back-off
// (30 s, 1 min, 2 min ... at most 1 h: domain/retry/backoff.ts) and given up after
// MAX_ATTEMPTS, or at once when the server refuses the message permanently (5xx).
//
// The lease is renewed (a heartbeat) while this instance still works on a batch, rather
// than made longer than the longest send: a send has no bound we control (the SMTP
// timeouts are idle times of up to 10 minutes per reply, RFC 5321, and a server that
// trickles its replies resets them), and a long fixed lease would also strand a row for
// that long after an instance dies. With the heartbeat a live instance holds its rows
// however long the server takes, and a dead one lets go within LEASE_MS.

export const MAX_ATTEMPTS = 12;
/** How long a claim or a renewal keeps other instances off a row. */
export const LEASE_MS = 5 * 60_000;
/** How often a held lease is renewed; well inside LEASE_MS, so one slow renewal is harmless. */
export const HEARTBEAT_MS = 60_000;
const BATCH_SIZE = 20;

/** The domain of the From address, for Message-IDs: `Site <site@example.test>` → example.test. */
export function mailDomain(from: string): string {
  return /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

export interface OutboxSenderOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  log?: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
  /** The first wait of the retry back-off (RETRY_FIRST_DELAY_SECONDS). */
  firstRetryMs?: number;
  /** Tests shorten these; the defaults suit real mail servers. */
  leaseMs?: number;
  heartbeatMs?: number;
  /** Told of each delivery and failed attempt (app.metrics). */
  metrics?: OutboxObserver;
}

export interface OutboxObserver {
  mailSent(): void;
  /** `final` when the message is given up. */
  mailFailed(final: boolean): void;
}

interface Leases {
  /** Stops renewing one row; resolves once no renewal of it can land any more. */
  release(id: string): Promise<void>;
  stop(): Promise<void>;
}

export function createOutboxSender(options: OutboxSenderOptions) {
  const { db, transport, from, log, metrics } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const domain = mailDomain(from);
  const intervalMs = options.intervalMs ?? 2_000;

  async function claim(at: Date): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, at)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(outbox)
          .set({ nextAttemptAt: new Date(at.getTime() + leaseMs) })
          .where(
            inArray(
              outbox.id,
              due.map((row) => row.id),
            ),
          );
      }
      return due;
    });
  }

  /** Renews the lease of the claimed rows not finished yet, every heartbeatMs. */
  function holdLeases(ids: string[]): Leases {
    const held = new Set(ids);
    let beat: Promise<void> = Promise.resolve();
    const renew = async () => {
      if (held.size === 0) return;
      const until = new Date(now().getTime() + leaseMs).toISOString();
      await db
        .update(outbox)
        // greatest(): a renewal never shortens a lease (tick() may be given a later time).
        .set({ nextAttemptAt: sql`greatest(${outbox.nextAttemptAt}, ${until}::timestamptz)` })
        .where(and(inArray(outbox.id, [...held]), eq(outbox.status, 'pending')));
    };
    const interval = setInterval(() => {
      beat = beat
        .then(renew)
        .catch((error: unknown) => log?.warn({ err: error }, 'outbox lease renewal failed'));
    }, heartbeatMs);
    interval.unref();
    return {
      async release(id) {
        held.delete(id);
        await beat;
      },
      async stop() {
        clearInterval(interval);
        await beat;
      },
    };
  }

  async function mailOf(row: OutboxRow): Promise<OutgoingMail> {
    return {
      from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      // Rendered with the text when queued, from the mail's component; a row queued
      // without it (before mails had components) gets its text in the brand's frame.
      html: row.html ?? (await renderTextMailHtml(row)),
      attachments: row.attachments ?? [],
      replyTo: row.replyTo,
      // Derived from the row, so every attempt carries the same headers and a receiver
      // (or a person) can tell a repeated delivery from a new message.
      messageId: `<${row.id}@${domain}>`,
      date: row.createdAt,
    };
  }

  async function markSent(row: OutboxRow) {
    await db
      .update(outbox)
      .set({
        status: 'sent',
        sentAt: now(),
        attempts: row.attempts + 1,
        lastError: null,
        // The link in a sensitive body has reached its reader; no copy stays behind, in
        // either part.
        ...(row.sensitive ? { text: CLEARED_AFTER_DELIVERY, html: null } : {}),
      })
      .where(eq(outbox.id, row.id));
    metrics?.mailSent();
  }

  async function markFailed(row: OutboxRow, error: unknown) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentMailError;
    const gaveUp = permanent || attempts >= MAX_ATTEMPTS;
    await db
      .update(outbox)
      .set({
        attempts,
        lastError: message.slice(0, 500),
        status: gaveUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(now().getTime() + backoffMs(attempts, options.firstRetryMs)),
      })
      .where(eq(outbox.id, row.id));
    metrics?.mailFailed(gaveUp);
    log?.warn({ to: row.to, attempts, permanent, err: message }, 'mail delivery failed');
    if (!gaveUp) return;
    const why = permanent ? 'the mail server refused it permanently' : `${attempts} attempts`;
    await audit(db, {
      level: 'error',
      source: 'mail',
      message: `Gave up sending "${row.subject}" to ${row.to} after ${why}`,
      details: { outboxId: row.id, kind: row.kind, lastError: message.slice(0, 300) },
    });
  }

  async function deliver(row: OutboxRow, leases: Leases) {
    const result = await mailOf(row)
      .then((mail) => transport.send(mail))
      .then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    // No renewal of this row may land after its result, or it would undo the back-off.
    await leases.release(row.id);
    if (result.ok) await markSent(row);
    else await markFailed(row, result.error);
  }

  /** Sends what is due at `at`; returns how many were attempted. */
  async function tick(at = now()): Promise<number> {
    const due = await claim(at);
    const leases = holdLeases(due.map((row) => row.id));
    try {
      for (const row of due) await deliver(row, leases);
    } finally {
      await leases.stop();
    }
    return due.length;
  }

  const job: Job = {
    name: 'outbox',
    title: 'Mail outbox',
    schedule: { everyMs: intervalMs },
    run: () => tick(),
  };
  return { tick, job };
}
