import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '#server/audit/audit.ts';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import type { MailTransport } from '#server/integrations/mailer/smtp.ts';

// Delivers queued mail. A claim pushes next_attempt_at forward (a lease), so two
// instances never send one message twice at once; a failure is retried with back-off
// (30 s, 1 min, 2 min ... at most 1 h) and given up after MAX_ATTEMPTS.

export const MAX_ATTEMPTS = 12;
const LEASE_MS = 60_000;

export const backoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface OutboxSenderOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  log?: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
}

export function createOutboxSender(options: OutboxSenderOptions) {
  const { db, transport, from, log } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;

  async function claim(at: Date): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, at)))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(20)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await tx
          .update(outbox)
          .set({ nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
          .where(eq(outbox.id, row.id));
      }
      return due;
    });
  }

  async function deliver(row: OutboxRow, at: Date) {
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        replyTo: row.replyTo,
      });
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: message.slice(0, 500),
          status: gaveUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(at.getTime() + backoffMs(attempts)),
        })
        .where(eq(outbox.id, row.id));
      log?.warn({ to: row.to, attempts, err: message }, 'mail delivery failed');
      if (gaveUp) {
        await audit(db, {
          level: 'error',
          source: 'mail',
          message: `Gave up sending "${row.subject}" to ${row.to} after ${attempts} attempts`,
          details: { outboxId: row.id, kind: row.kind, lastError: message.slice(0, 300) },
        });
      }
    }
  }

  /** Sends what is due at `at`; returns how many were attempted. */
  async function tick(at = now()): Promise<number> {
    const due = await claim(at);
    for (const row of due) await deliver(row, at);
    return due.length;
  }

  return {
    tick,
    start() {
      const loop = async () => {
        current = tick().catch((error: unknown) =>
          log?.error({ err: error }, 'outbox tick failed'),
        );
        await current;
        timer = setTimeout(loop, options.intervalMs ?? 2_000);
      };
      void loop();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
