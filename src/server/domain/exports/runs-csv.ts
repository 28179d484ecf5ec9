import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runs, users } from '#server/db/schema.ts';

// The rows of a runs export, newest first, read a thousand at a time on the
// (client, started_at) index with a keyset cursor: a year of runs streams in constant memory.

const BATCH = 1000;

export interface RunsScope {
  ownerId: string;
  processId?: string;
  since: Date;
  until: Date;
}

function outcome(run: { state: string; ok: boolean | null }) {
  if (run.state === 'running') return 'running';
  if (run.state === 'interrupted') return 'interrupted';
  if (run.state === 'following' || run.state === 'accepted') return 'accepted';
  return run.ok ? 'succeeded' : 'failed';
}

export async function* runCsvRows(db: Db, scope: RunsScope) {
  let cursor: { startedAt: Date; id: string } | null = null;
  for (;;) {
    const batch = await db
      .select({
        id: runs.id,
        startedAt: runs.startedAt,
        process: processes.name,
        trigger: runs.trigger,
        by: users.name,
        state: runs.state,
        ok: runs.ok,
        statusCode: runs.statusCode,
        durationMs: runs.durationMs,
        error: runs.error,
        body: runs.bodySnippet,
      })
      .from(runs)
      .innerJoin(processes, eq(processes.id, runs.processId))
      .leftJoin(users, eq(users.id, runs.triggeredBy))
      .where(
        and(
          eq(runs.clientUserId, scope.ownerId),
          scope.processId ? eq(runs.processId, scope.processId) : undefined,
          gte(runs.startedAt, scope.since),
          lt(runs.startedAt, scope.until),
          cursor
            ? or(
                lt(runs.startedAt, cursor.startedAt),
                and(eq(runs.startedAt, cursor.startedAt), sql`${runs.id} < ${cursor.id}`),
              )
            : undefined,
        ),
      )
      .orderBy(desc(runs.startedAt), desc(runs.id))
      .limit(BATCH);
    for (const run of batch) {
      yield [
        run.startedAt.toISOString(),
        run.process,
        run.trigger,
        run.trigger === 'manual' ? (run.by ?? '') : 'schedule',
        outcome(run),
        run.statusCode,
        run.durationMs,
        run.error ?? '',
        run.body ?? '',
      ];
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return;
    cursor = { startedAt: last.startedAt, id: last.id };
  }
}
