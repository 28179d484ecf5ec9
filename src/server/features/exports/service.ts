import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runs } from '#server/db/schema.ts';

// What the CSV exports read: the window a plan lets a client export, and the analytics
// rows (one per process) within it. The runs rows are the archive's (runs-csv.ts).

const DAY_MS = 86_400_000;

/** The window: the chosen days clipped to the retention the plan keeps. */
export function windowOf(
  range: { from?: string; to?: string },
  retentionDays: number,
  now = new Date(),
) {
  const kept = new Date(now.getTime() - retentionDays * DAY_MS);
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : kept;
  const until = range.to
    ? new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)
    : new Date(now.getTime() + 60_000);
  return { since: from > kept ? from : kept, until };
}

export async function* analyticsRows(db: Db, ownerId: string, since: Date, until: Date) {
  const rows = await db
    .select({
      name: processes.name,
      runs: sql<number>`count(*)::int`,
      failures: sql<number>`count(*) filter (where not ${runs.ok})::int`,
      lastStarted: sql<string>`max(${runs.startedAt})`,
      lastOk: sql<boolean | null>`(array_agg(${runs.ok} order by ${runs.startedAt} desc))[1]`,
    })
    .from(runs)
    .innerJoin(processes, eq(processes.id, runs.processId))
    .where(
      and(eq(runs.clientUserId, ownerId), gte(runs.startedAt, since), lt(runs.startedAt, until)),
    )
    .groupBy(processes.id, processes.name)
    .orderBy(processes.name);
  for (const row of rows) {
    yield [
      row.name,
      row.runs,
      row.failures,
      row.runs ? Math.round((row.failures / row.runs) * 1000) / 10 : 0,
      row.lastStarted ? new Date(row.lastStarted).toISOString() : '',
      row.lastOk === null ? '' : row.lastOk ? 'succeeded' : 'failed',
    ];
  }
}
