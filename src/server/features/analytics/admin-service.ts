import { count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runRollups, users } from '#server/db/schema.ts';
import {
  type AnalyticsOverview,
  type AnalyticsPeriod,
  analyticsPeriods,
  type TopProcess,
  type Usage,
} from '#shared/analytics.ts';

// Product-wide figures for the admin analytics screen, read from the daily run rollups
// (issue 18): at most processes × days rows whatever the number of runs, and the history
// stays when the retention job deletes old runs. Rows carry the process and client names
// beside the spec's ids, so the screen can show them without loading every client.

/** A user's display name in SQL: the name, or else the email (as displayName does). */
const clientName = sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, '')`;

const sinceDay = (since: Date) => gte(runRollups.day, since.toISOString().slice(0, 10));
const runsSum = sql<number>`coalesce(sum(${runRollups.runs}), 0)::int`;
const failuresSum = sql<number>`coalesce(sum(${runRollups.failures}), 0)::int`;

export async function overview(db: Db): Promise<AnalyticsOverview> {
  const [[userCount], [active], [runCount]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.subscriptionStatus, ['active', 'trialing'])),
    db.select({ n: runsSum }).from(runRollups),
  ]);
  return {
    users: userCount?.n ?? 0,
    activeSubscriptions: active?.n ?? 0,
    totalRuns: runCount?.n ?? 0,
  };
}

export async function topProcesses(db: Db, since: Date, limit = 10): Promise<TopProcess[]> {
  return db
    .select({
      _id: runRollups.processId,
      name: processes.name,
      clientUserId: runRollups.clientUserId,
      clientName,
      runs: runsSum,
      fails: failuresSum,
    })
    .from(runRollups)
    .innerJoin(processes, eq(processes.id, runRollups.processId))
    .leftJoin(users, eq(users.id, runRollups.clientUserId))
    .where(sinceDay(since))
    .groupBy(runRollups.processId, processes.name, runRollups.clientUserId, users.name, users.email)
    .orderBy(desc(runsSum), processes.name, runRollups.processId)
    .limit(limit);
}

/** Usage rows per page: a screen of rows, bounded whatever the number of processes. */
export const USAGE_PAGE = { default: 500, max: 1000 } as const;

// The period is inlined (it is one of three known words): as a bind parameter, the
// SELECT and GROUP BY expressions would differ and PostgreSQL would refuse the query.
const bucket = (period: AnalyticsPeriod) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${analyticsPeriods.includes(period) ? period : 'day'}'`)}, ${runRollups.day}::timestamp), 'YYYY-MM-DD')`;

/**
 * Runs per period overall (runsAgg) and per client and process (usage rows, a page at a
 * time: `offset` and `limit`, with the `total` number of rows).
 */
export async function usage(
  db: Db,
  since: Date,
  period: AnalyticsPeriod,
  page: { limit: number; offset: number } = { limit: USAGE_PAGE.default, offset: 0 },
): Promise<Usage> {
  const key = bucket(period);
  const where = sinceDay(since);
  const [runsAgg, rows, [total]] = await Promise.all([
    db
      .select({ _id: key, runs: runsSum, fails: failuresSum })
      .from(runRollups)
      .where(where)
      .groupBy(key)
      .orderBy(key),
    db
      .select({
        period: key,
        clientUserId: runRollups.clientUserId,
        processId: runRollups.processId,
        processName: processes.name,
        clientName,
        executions: runsSum,
        failures: failuresSum,
      })
      .from(runRollups)
      .innerJoin(processes, eq(processes.id, runRollups.processId))
      .leftJoin(users, eq(users.id, runRollups.clientUserId))
      .where(where)
      .groupBy(
        key,
        runRollups.clientUserId,
        runRollups.processId,
        processes.name,
        users.name,
        users.email,
      )
      .orderBy(desc(key), processes.name, runRollups.processId)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(distinct (${key}, ${runRollups.processId}))::int` })
      .from(runRollups)
      .where(where),
  ]);
  return {
    runsAgg,
    usage: rows.map((r) => ({ ...r, _id: `${r.period}:${r.clientUserId}:${r.processId}` })),
    total: total?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}
