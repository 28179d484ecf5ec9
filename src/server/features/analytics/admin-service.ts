import { count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runs, users } from '#server/db/schema.ts';
import {
  type AnalyticsOverview,
  type AnalyticsPeriod,
  analyticsPeriods,
  type TopProcess,
  type Usage,
} from '#shared/analytics.ts';

// Product-wide figures for the admin analytics screen, computed from recorded runs.
// Rows carry the process and client names beside the spec's ids, so the screen can show
// them without loading every client.

/** A user's display name in SQL: the name, or else the email (as displayName does). */
const clientName = sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, '')`;

export async function overview(db: Db): Promise<AnalyticsOverview> {
  const [[userCount], [active], [runCount]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.subscriptionStatus, ['active', 'trialing'])),
    db.select({ n: count() }).from(runs),
  ]);
  return {
    users: userCount?.n ?? 0,
    activeSubscriptions: active?.n ?? 0,
    totalRuns: runCount?.n ?? 0,
  };
}

export async function topProcesses(db: Db, since: Date, limit = 10): Promise<TopProcess[]> {
  const runsCount = sql<number>`count(*)::int`;
  return db
    .select({
      _id: runs.processId,
      name: processes.name,
      clientUserId: runs.clientUserId,
      clientName,
      runs: runsCount,
      fails: sql<number>`count(*) filter (where not ${runs.ok})::int`,
    })
    .from(runs)
    .innerJoin(processes, eq(processes.id, runs.processId))
    .leftJoin(users, eq(users.id, runs.clientUserId))
    .where(gte(runs.startedAt, since))
    .groupBy(runs.processId, processes.name, runs.clientUserId, users.name, users.email)
    .orderBy(desc(runsCount), processes.name, runs.processId)
    .limit(limit);
}

// The period is inlined (it is one of three known words): as a bind parameter, the
// SELECT and GROUP BY expressions would differ and PostgreSQL would refuse the query.
const bucket = (period: AnalyticsPeriod) =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${analyticsPeriods.includes(period) ? period : 'day'}'`)}, ${runs.startedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Runs per period overall (runsAgg) and per client and process (usage rows). */
export async function usage(db: Db, since: Date, period: AnalyticsPeriod): Promise<Usage> {
  const key = bucket(period);
  const where = gte(runs.startedAt, since);
  const failures = sql<number>`count(*) filter (where not ${runs.ok})::int`;
  const [runsAgg, rows] = await Promise.all([
    db
      .select({ _id: key, runs: sql<number>`count(*)::int`, fails: failures })
      .from(runs)
      .where(where)
      .groupBy(key)
      .orderBy(key),
    db
      .select({
        period: key,
        clientUserId: runs.clientUserId,
        processId: runs.processId,
        processName: processes.name,
        clientName,
        executions: sql<number>`count(*)::int`,
        failures,
      })
      .from(runs)
      .innerJoin(processes, eq(processes.id, runs.processId))
      .leftJoin(users, eq(users.id, runs.clientUserId))
      .where(where)
      .groupBy(key, runs.clientUserId, runs.processId, processes.name, users.name, users.email)
      .orderBy(key, processes.name),
  ]);
  return {
    runsAgg,
    usage: rows.map((r) => ({ ...r, _id: `${r.period}:${r.clientUserId}:${r.processId}` })),
  };
}
