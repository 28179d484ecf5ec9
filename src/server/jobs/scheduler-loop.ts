import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  type ProcessRow,
  processes,
  type ScheduleRow,
  schedules,
  type UserRow,
  users,
} from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { Notifier } from '#server/domain/notifications/notifier.ts';
import { createRunWrites } from '#server/domain/runs/run-writes.ts';
import { type RunObserver, settleWithin, startRun } from '#server/domain/runs/service.ts';
import type { N8nApi } from '#server/integrations/n8n/api.ts';
import type { WebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { defaultInputs } from '#shared/process-inputs.ts';
import { mayRun } from '#shared/run-policy.ts';
import { nextRunAfter, shortestGapMinutes, storedGapMinutes } from '#shared/scheduler.ts';
import { createJobRunner, type Job } from './runner.ts';

// Fires due schedules. Each tick claims due rows with FOR UPDATE SKIP LOCKED and moves
// their next_run_at forward in the same transaction, so with several instances on one
// PostgreSQL each due time is claimed by exactly one of them. Webhooks are called after
// the commit, so no lock is held while a workflow runs. The job runner drives the loop
// (`job`): every second, and again whenever a slot frees up.

export interface SchedulerLoopOptions {
  db: Db;
  n8n: WebhookCaller;
  log?: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  now?: () => Date;
  /** Told how late each schedule fires and how its run ends (app.metrics). */
  metrics?: SchedulerObserver;
  /** n8n's API when configured: runs are checked against n8n's executions. */
  n8nApi?: N8nApi | null;
  /** Told of skipped and failed scheduled runs (notifications). */
  notifier?: Pick<Notifier, 'notify'>;
}

/** How long a worker waits for a run before moving on to the next due schedule. */
const SLOT_WAIT_MS = 30_000;

export interface SchedulerObserver extends RunObserver {
  scheduleFired(latenessMs: number): void;
}

/** A due schedule, with its process and the process's owner read in the same claim. */
interface Claimed {
  schedule: ScheduleRow;
  process: ProcessRow;
  owner: UserRow;
  dueAt: Date;
}

export function createSchedulerLoop(options: SchedulerLoopOptions) {
  const { db, n8n, log, metrics } = options;
  const intervalMs = options.intervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 200;
  const concurrency = options.concurrency ?? 25;
  const now = options.now ?? (() => new Date());
  // The schedules a claim fires start together, and their runs are written together.
  const writes = createRunWrites(db);
  /** Set by stop(): claims no more, and claimed runs not started yet are handed back. */
  let stopping = false;

  async function claim(at: Date, limit = batchSize): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      // Each run's process and owner come with its schedule: a burst of 20,000 is CPU-bound
      // on two cores, and one query less per run is a fifth of its queries.
      const due = await tx
        .select({ schedule: schedules, process: processes, owner: users })
        .from(schedules)
        .innerJoin(processes, eq(processes.id, schedules.processId))
        .innerJoin(users, eq(users.id, processes.clientUserId))
        .where(lte(schedules.nextRunAt, at))
        .orderBy(asc(schedules.nextRunAt))
        .limit(limit)
        .for('update', { of: schedules, skipLocked: true });
      if (due.length > 0) {
        // One statement moves every claimed row on: 20,000 may be due at once.
        const moves = due.map(({ schedule }) => {
          const next = nextRunAfter(schedule.cron, schedule.timezone, at);
          return sql`(${schedule.id}::uuid, ${next ? next.toISOString() : null}::timestamptz)`;
        });
        await tx.execute(sql`
          update schedules set next_run_at = moved.next
          from (values ${sql.join(moves, sql`, `)}) as moved(id, next)
          where schedules.id = moved.id`);
      }
      return due.map((row) => ({ ...row, dueAt: row.schedule.nextRunAt ?? at }));
    });
  }

  async function skip(claimed: Claimed, reason: string, processId: string, ownerId: string) {
    // The schedule list says why (the portal reads the newest skip from the row).
    await db
      .update(schedules)
      .set({ lastSkippedAt: claimed.dueAt, lastSkipReason: reason })
      .where(eq(schedules.id, claimed.schedule.id));
    await audit(db, {
      level: 'warning',
      source: 'scheduler',
      message: `Scheduled run skipped: ${reason}`,
      userId: ownerId,
      processId,
      details: { scheduleId: claimed.schedule.id, dueAt: claimed.dueAt.toISOString() },
    });
    options.notifier?.notify({ processId, ownerId, kind: 'skip', reason });
  }

  /** The cron's shortest gap, worked out once (older rows) and kept on the row. */
  async function gapOf(schedule: ScheduleRow): Promise<number> {
    if (schedule.shortestGapMinutes !== null) return schedule.shortestGapMinutes;
    const gap = storedGapMinutes(shortestGapMinutes(schedule.cron, schedule.timezone));
    await db
      .update(schedules)
      .set({ shortestGapMinutes: gap })
      .where(eq(schedules.id, schedule.id));
    return gap;
  }

  async function fire(claimed: Claimed) {
    const { schedule, process, owner, dueAt } = claimed;
    metrics?.scheduleFired(now().getTime() - dueAt.getTime());
    const gapMinutes = await gapOf(schedule);
    const decision = mayRun(owner, process, { trigger: 'schedule', gapMinutes });
    if (!decision.allowed) return skip(claimed, decision.reason, process.id, owner.id);
    const started = await startRun(
      {
        db,
        n8n,
        observer: metrics,
        n8nApi: options.n8nApi,
        log,
        notifier: options.notifier,
        writes,
      },
      process,
      {
        trigger: 'schedule',
        triggeredBy: null,
        scheduleId: schedule.id,
        scheduledFor: dueAt,
        inputs: process.inputFields.length > 0 ? defaultInputs(process.inputFields) : null,
        target: decision.target,
        owner,
      },
    );
    if (schedule.lastSkippedAt) {
      // Running again: the skip is history, kept in the audit log.
      await db
        .update(schedules)
        .set({ lastSkippedAt: null, lastSkipReason: null })
        .where(eq(schedules.id, schedule.id));
    }
    // A long workflow (up to 10 minutes) goes on without holding this slot: its result is
    // recorded when it comes.
    started.done.catch((error: unknown) => log?.error({ err: error }, 'scheduled run failed'));
    await settleWithin(started.done, SLOT_WAIT_MS);
  }

  async function fireAll(claimed: Claimed[]) {
    const queue = [...claimed];
    const worker = async () => {
      for (let next = queue.shift(); next && !stopping; next = queue.shift()) {
        await fire(next).catch((error: unknown) =>
          log?.error({ err: error }, 'scheduled run failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    if (queue.length > 0) await handBack(queue);
  }

  /** A claimed due time that was not fired (shutdown) is due again, for any instance. */
  async function handBack(unfired: Claimed[]) {
    for (const { schedule, dueAt } of unfired) {
      await db
        .update(schedules)
        .set({ nextRunAt: sql`least(${schedules.nextRunAt}, ${dueAt.toISOString()}::timestamptz)` })
        // A schedule paused meanwhile stays paused.
        .where(and(eq(schedules.id, schedule.id), isNull(schedules.pausedAt)));
    }
  }

  /** Claims and fires what is due at `at`; returns how many were claimed (tests, tools). */
  async function tick(at = now()): Promise<number> {
    const claimed = await claim(at);
    await fireAll(claimed);
    return claimed.length;
  }

  // The running loop is a pool of `concurrency` slots: a schedule is claimed
  // only when a slot is free and fired at once, so a slow or timing-out webhook holds up
  // its own slot and nothing else, and instances share the due work as they free up.
  const inFlight = new Set<Promise<void>>();
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;

  function launch(claimed: Claimed) {
    const run: Promise<void> = fire(claimed)
      .catch((error: unknown) => log?.error({ err: error }, 'scheduled run failed'))
      .finally(() => {
        inFlight.delete(run);
        if (!stopping)
          requestPump().catch((error: unknown) =>
            log?.error({ err: error }, 'scheduler claim failed'),
          );
      });
    inFlight.add(run);
  }

  /** Fills the free slots with due schedules. */
  async function pump() {
    for (;;) {
      const wanted = Math.min(concurrency - inFlight.size, batchSize);
      if (stopping || wanted <= 0) return;
      const claimed = await claim(now(), wanted);
      for (const one of claimed) launch(one);
      if (claimed.length < wanted) return;
    }
  }

  /**
   * One pump at a time; a request while it runs makes it go round once more. A claim that
   * fails rejects it: the runner tries again with back-off and shows the error.
   */
  function requestPump(): Promise<void> {
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        await pump();
      } while (pumpAgain && !stopping);
    })().finally(() => {
      pumping = null;
    });
    return pumping;
  }

  const job: Job = {
    name: 'scheduler',
    title: 'Scheduled runs',
    schedule: { everyMs: intervalMs },
    // A due schedule fires within seconds of its time, even after the database was away.
    retry: { firstMs: intervalMs, maxMs: 5 * intervalMs },
    run: requestPump,
  };
  /** The runner of a loop started on its own. */
  let own: ReturnType<typeof createJobRunner> | null = null;

  return {
    tick,
    /** For the server's job runner, which drives the loop. */
    job,
    /** Runs the loop on a runner of its own (tests and tools). */
    start() {
      if (own) return;
      own = createJobRunner({ log });
      own.add(job);
      own.start();
    },
    /** Stops claiming; waits for the claim under way and the runs already started. */
    async stop() {
      stopping = true;
      await own?.stop();
      await pumping?.catch(() => {});
      await Promise.all([...inFlight]);
    },
    /** Runs started and not settled yet (metrics, tests). */
    inFlight: () => inFlight.size,
  };
}

export type SchedulerLoop = ReturnType<typeof createSchedulerLoop>;
