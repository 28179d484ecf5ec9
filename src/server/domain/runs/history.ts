import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type RunRow, runs } from '#server/db/schema.ts';
import type { Run } from '#shared/runs.ts';

// Reading runs back, always within the account's log retention window.

export const retentionStart = (retentionDays: number, now = new Date()) =>
  new Date(now.getTime() - retentionDays * 86_400_000);

export const runToJson = (row: RunRow, names: Map<string, string>): Run => ({
  _id: row.id,
  processId: row.processId,
  trigger: row.trigger,
  triggeredBy: row.triggeredBy,
  triggeredByName: row.triggeredBy ? (names.get(row.triggeredBy) ?? null) : null,
  startedAt: row.startedAt.toISOString(),
  state: row.state,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  durationMs: row.durationMs,
  statusCode: row.statusCode,
  ok: row.ok,
  error: row.error,
  bodySnippet: row.bodySnippet,
  confirmedByN8n: row.confirmedByN8n,
  n8nExecutionId: row.n8nExecutionId,
  inputs: row.inputs ?? null,
});

export async function recentRuns(
  db: Db,
  processId: string,
  options: { retentionDays: number; status?: 'ok' | 'failed'; limit: number },
): Promise<RunRow[]> {
  const conditions = [
    eq(runs.processId, processId),
    gte(runs.startedAt, retentionStart(options.retentionDays)),
  ];
  if (options.status) conditions.push(eq(runs.ok, options.status === 'ok'));
  return db
    .select()
    .from(runs)
    .where(and(...conditions))
    .orderBy(desc(runs.startedAt))
    .limit(options.limit);
}

/** The newest run of each process, for the process list. */
export async function lastRuns(
  db: Db,
  processIds: string[],
  retentionDays: number,
): Promise<Map<string, RunRow>> {
  if (processIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([runs.processId])
    .from(runs)
    .where(
      and(inArray(runs.processId, processIds), gte(runs.startedAt, retentionStart(retentionDays))),
    )
    .orderBy(runs.processId, desc(runs.startedAt));
  return new Map(rows.map((r) => [r.processId, r]));
}

/** Runs and failures per day and per process for one client's processes. */
export async function clientRunStats(db: Db, clientUserId: string, retentionDays: number) {
  const since = retentionStart(retentionDays);
  const where = and(eq(runs.clientUserId, clientUserId), gte(runs.startedAt, since));
  const day = sql<string>`to_char(date_trunc('day', ${runs.startedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const failures = sql<number>`count(*) filter (where not ${runs.ok})::int`;
  const [byDay, byProcess] = await Promise.all([
    db
      .select({ date: day, runs: sql<number>`count(*)::int`, failures })
      .from(runs)
      .where(where)
      .groupBy(day)
      .orderBy(day),
    db
      .select({ processId: runs.processId, runs: sql<number>`count(*)::int`, failures })
      .from(runs)
      .where(where)
      .groupBy(runs.processId),
  ]);
  return { since, byDay, byProcess };
}
