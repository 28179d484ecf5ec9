import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, pastPosition, rowsInBatches } from '#server/db/keyset.ts';
import { processes, runs, users } from '#server/db/schema.ts';
import { clientRunError } from '#shared/run-answers.ts';

// The rows of a runs export, newest first, read a thousand at a time on the
// (client, started_at) index with a keyset cursor: a year of runs streams in constant memory.
// The cursor is the last run's start to the microsecond, compared in the database, so runs
// sharing its millisecond are neither skipped nor repeated (db/keyset.ts).

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
  const found = rowsInBatches(BATCH, (after) =>
    db
      .select({
        id: runs.id,
        at: exactTime(runs.startedAt),
        startedAt: runs.startedAt,
        process: processes.name,
        trigger: runs.trigger,
        by: users.name,
        state: runs.state,
        ok: runs.ok,
        statusCode: runs.statusCode,
        durationMs: runs.durationMs,
        errorKind: runs.errorKind,
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
          after ? pastPosition(runs.startedAt, runs.id, after, 'older') : undefined,
        ),
      )
      .orderBy(desc(runs.startedAt), desc(runs.id))
      .limit(BATCH),
  );
  for await (const run of found) {
    yield [
      run.startedAt.toISOString(),
      run.process,
      run.trigger,
      run.trigger === 'schedule' ? 'schedule' : (run.by ?? ''),
      outcome(run),
      run.statusCode,
      run.durationMs,
      // What the client reads in the run history: n8n's address stays with the admins.
      clientRunError(run.errorKind, run.error) ?? '',
      run.body ?? '',
    ];
  }
}
