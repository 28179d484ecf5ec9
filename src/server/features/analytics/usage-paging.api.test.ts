import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processes } from '#server/db/schema.ts';
import { windowStart } from '#server/domain/runs/rollups.ts';
import type { AnalyticsPeriod, Usage, UsageRow } from '#shared/analytics.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { bucketOf, usagePageRows } from './usage-service.ts';

// Usage rows a page at a time after a cursor (period, process): over two years of rollups
// a page must cost its own rows, not the window's (docs/decisions/018-run-rollups.md), and
// the pages together must hold every row of the window once, newest period first.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const client = await createClient(t);
const DAY_MS = 86_400_000;
const YEARS_2 = 730;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

// Two years of history for 40 processes, most days run, some not: the rollups as they stand
// after retention has deleted the runs. Written without the rollup triggers (seeding
// history, not runs), then analysed, so the planner sees the table's real size.
const made = await db
  .insert(processes)
  .values(
    Array.from({ length: 40 }, (_, i) => ({ name: `Usage ${i}`, clientUserId: client.user.id })),
  )
  .returning({ id: processes.id });
await db.transaction(async (tx) => {
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`
    insert into run_rollups (process_id, client_user_id, day, runs, failures, last_run_at)
    select p.id, p.client_user_id, d::date, 1 + (abs(hashtext(p.id::text || d::text)) % 9),
           abs(hashtext(d::text || p.id::text)) % 2, d + interval '12 hours'
    from processes p
    cross join generate_series(${dayAgo(YEARS_2 + 10)}::date, ${dayAgo(0)}::date, interval '1 day') d
    where p.client_user_id = ${client.user.id}
      and abs(hashtext(p.id::text || d::text || 'quiet')) % 5 <> 0`);
});
await db.execute(sql`analyze run_rollups`);

const get = (url: string) => t.injectAs(admin.token, { method: 'GET', url });

/** Every row of the window, grouped and sorted the plain way: what the pages must hold. */
async function everyRow(days: number, period: AnalyticsPeriod) {
  const bucket = bucketOf(period);
  const result = (await db.execute(sql`
    select to_char(${bucket}, 'YYYY-MM-DD') as period, process_id as "processId",
           sum(runs)::int as executions, sum(failures)::int as failures
    from run_rollups where day >= ${windowStart(days)}::date
    group by ${bucket}, process_id order by ${bucket} desc, process_id desc`)) as {
    rows: Pick<UsageRow, 'period' | 'processId' | 'executions' | 'failures'>[];
  };
  return result.rows;
}

/** Every page of the window, following nextCursor from the first. */
async function allPages(days: number, period: AnalyticsPeriod, limit: number) {
  const pages: Usage[] = [];
  let cursor: string | null | undefined = null;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await get(
      `/api/analytics/usage?days=${days}&period=${period}&limit=${limit}${after}`,
    );
    expect(response.statusCode).toBe(200);
    const page = response.json() as Usage;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 500);
  return pages;
}

/** The plan PostgreSQL picks for a query, one line a node. */
async function planOf(query: SQL) {
  const result = (await db.execute(sql`explain ${query}`)) as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('usage pages', () => {
  it.each([
    ['week', YEARS_2, 97],
    ['month', YEARS_2, 37],
    ['day', 90, 500],
  ] as const)(
    'by %s hold every row of the window once, newest period first',
    async (period, days, limit) => {
      const expected = await everyRow(days, period);
      const pages = await allPages(days, period, limit);
      const shown = pages.flatMap((page) => page.usage);
      expect(
        shown.map(({ period, processId, executions, failures }) => ({
          period,
          processId,
          executions,
          failures,
        })),
      ).toEqual(expected);
      expect(new Set(shown.map((row) => row._id)).size).toBe(shown.length);
      expect(shown.every((row) => row.processName.startsWith('Usage '))).toBe(true);
      // Forty processes to a period: pages end inside a period, and the next goes on with it.
      const splitPeriod = pages.some(
        (page, i) => i > 0 && pages[i - 1]!.usage.at(-1)!.period === page.usage[0]!.period,
      );
      expect(splitPeriod).toBe(true);
      // Every page is full but the last, which says no page follows.
      expect(pages.slice(0, -1).every((page) => page.usage.length === limit)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      // The chart still covers the whole window on every page.
      expect(pages.at(-1)!.runsAgg).toEqual(pages[0]!.runsAgg);
    },
  );

  it('refuses a cursor the server could not have given, in words', async () => {
    for (const cursor of ['2026-11-02', `not-a-day|${made[0]!.id}`, '2026-11-02|nope', '0']) {
      const refused = await get(
        `/api/analytics/usage?period=week&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(refused.statusCode, cursor).toBe(400);
      expect(refused.json().message).toBe(pageCursorMessage);
    }
  });

  it.each([
    ['week', 'run_rollups_week_process_idx'],
    ['month', 'run_rollups_month_process_idx'],
    ['day', 'run_rollups_day_process_idx'],
  ] as const)(
    'by %s walk the index from the cursor and stop after a page: no sort of the window',
    async (period, index) => {
      const from = windowStart(YEARS_2);
      const deep = { at: dayAgo(400), id: made[20]!.id };
      for (const after of [null, deep]) {
        const plan = await planOf(usagePageRows(period, from, 101, after));
        expect(plan, plan).toContain(`Index Scan Backward using ${index}`);
        expect(plan, plan).not.toMatch(/Sort|Seq Scan|HashAggregate|Materialize/);
        if (period !== 'day') expect(plan, plan).toMatch(/GroupAggregate/);
        // The cursor is where the index scan starts, not a filter after it.
        if (after) expect(plan, plan).toMatch(/Index Cond: .*ROW\(/);
      }
    },
  );
});
