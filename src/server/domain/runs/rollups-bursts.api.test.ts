import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The rollups, day totals, window totals and health are counted once per statement on
// runs (migration 0034, docs/decisions/018-run-rollups.md): a statement of many runs
// across processes and days must count exactly what counting the runs one by one gives,
// which the kept runs recount to.

const t = await build();
const db = t.deps.database.db;

type Rows = { rows: Record<string, unknown>[] };
const query = async (statement: ReturnType<typeof sql>) =>
  ((await db.execute(statement)) as unknown as Rows).rows;

async function threeProcesses() {
  const client = await createClient(t);
  const processes = await Promise.all(
    ['Burst A', 'Burst B', 'Burst C'].map((name) => createProcessFor(t, client.user.id, { name })),
  );
  return { clientId: client.user.id, ids: processes.map((p) => p.id) };
}

/**
 * One INSERT … SELECT of `count` runs of each process, ten minutes apart from `daysAgo`
 * days ago (several UTC days, inside the 365-day window only), in the order they started:
 * every fifth a failure, every third scheduled (some late), durations over every bucket,
 * the last `open` of each process not answered yet. In started order, counting them one
 * by one gives the health a recount gives.
 */
const insertBurst = (
  ids: string[],
  clientId: string,
  { count, open, daysAgo }: { count: number; open: number; daysAgo: number },
) =>
  db.execute(sql`
    insert into runs (process_id, client_user_id, trigger, started_at, scheduled_for,
                      duration_ms, ok, state, error_kind, error)
    select p.id, ${clientId}::uuid, case when i % 3 = 0 then 'schedule' else 'manual' end,
           s.started_at,
           case when i % 3 = 0 then s.started_at - (i % 4) * interval '50 seconds' end,
           case when i > ${count - open}::int then null else (i * 7919) % 400000 end,
           case when i > ${count - open}::int then null else i % 5 <> 0 end,
           case when i > ${count - open}::int then 'running' else 'finished' end,
           case when i % 5 = 0 then 'http' end, case when i % 5 = 0 then 'failed ' || i end
    from generate_series(1, ${count}::int) i
    cross join unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality p(id, n)
    cross join lateral (
      select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
             - ${daysAgo}::int * interval '1 day' + (i * 10 + p.n) * interval '1 minute' as started_at
    ) s
    order by s.started_at`);

/** Every figure kept for these processes, next to the same figure recounted from the runs. */
async function keptAndRecounted(ids: string[]) {
  const list = sql.raw(`array['${ids.join("','")}']::uuid[]`);
  const rollups = sql`select process_id, day::text, runs, failures, total_duration_ms::text,
      last_run_at::text, duration_buckets, scheduled_runs, scheduled_failures, scheduled_on_time`;
  const kept = await query(
    sql`${rollups} from run_rollups where process_id = any(${list}) order by 1, 2`,
  );
  const recounted = await query(
    sql`${rollups} from runs_rolled_up('-infinity') where process_id = any(${list}) order by 1, 2`,
  );
  const days = sql`(select day from run_rollups where process_id = any(${list}))`;
  const keptDays = await query(
    sql`select day::text, runs, failures, process_days from run_daily_totals
        where day in ${days} order by 1`,
  );
  const recountedDays = await query(
    sql`select day::text, sum(runs)::int as runs, sum(failures)::int as failures,
          count(*)::int as process_days
        from runs_rolled_up('-infinity') where day in ${days} group by day order by 1`,
  );
  const keptWindows = await query(
    sql`select days, process_id, runs, failures from run_window_totals
        where process_id = any(${list}) and runs > 0 order by 1, 2`,
  );
  const recountedWindows = await query(
    sql`select w.days, r.process_id, sum(r.runs)::int as runs, sum(r.failures)::int as failures
        from run_windows w join runs_rolled_up('-infinity') r on r.day >= w.first_day
        where r.process_id = any(${list}) group by 1, 2 order by 1, 2`,
  );
  const health = sql`select process_id, failures_in_a_row, failing_since::text,
      last_success_at::text, last_failure_at::text, last_failed_run_id, last_error_kind,
      last_error from process_health where process_id = any(${list}) order by 1`;
  const keptHealth = await query(health);
  // The rebuild's own recount of health from the kept runs.
  await query(sql`select recompute_process_health(id) from unnest(${list}) id`);
  const recountedHealth = await query(health);
  return {
    kept: { rollups: kept, days: keptDays, windows: keptWindows, health: keptHealth },
    recounted: {
      rollups: recounted,
      days: recountedDays,
      windows: recountedWindows,
      health: recountedHealth,
    },
  };
}

const expectKeptAsRecounted = async (ids: string[]) => {
  const { kept, recounted } = await keptAndRecounted(ids);
  expect(kept.rollups.length).toBeGreaterThan(ids.length);
  expect(kept.health).toHaveLength(ids.length);
  expect(kept).toEqual(recounted);
  return kept;
};

describe('rollups counted per statement', () => {
  it('count a burst of runs, its answers, corrections and a deletion exactly as the runs recount', async () => {
    const { clientId, ids } = await threeProcesses();
    const [a, b, c] = ids as [string, string, string];
    // 3 processes × 600 runs, ten minutes apart: over four UTC days.
    await insertBurst(ids, clientId, { count: 600, open: 20, daysAgo: 300 });
    await expectKeptAsRecounted(ids);

    // The open runs answer in one statement: A's all succeed, B's all fail, C's stay open.
    await db.execute(sql`
      update runs set ok = (process_id = ${a}::uuid), state = 'finished',
        duration_ms = 1000 + (extract(epoch from started_at)::bigint % 9000)::int,
        error = case when process_id = ${b}::uuid then 'late failure' end
      where ok is null and process_id in (${a}::uuid, ${b}::uuid)`);
    await expectKeptAsRecounted(ids);

    // n8n corrects older outcomes of A and C in one statement (their health is recounted),
    // and one run's duration alone changes in another.
    await db.execute(sql`
      update runs set ok = not ok
      where process_id in (${a}::uuid, ${c}::uuid) and ok is not null
        and extract(minute from started_at)::int % 7 = 0`);
    await db.execute(sql`
      update runs set duration_ms = 123456
      where id = (select id from runs where process_id = ${c}::uuid and ok is not null
                  order by started_at limit 1)`);
    const before = await expectKeptAsRecounted(ids);

    // Retention deletes runs: what was counted stays, the history.
    await db.execute(sql`delete from runs where process_id = ${b}::uuid and ok = true`);
    const { kept } = await keptAndRecounted(ids);
    expect(kept).toEqual(before);
  });

  it('take a bulk insert of 20,000 runs in one statement in seconds, not once per run', async () => {
    const { clientId, ids } = await threeProcesses();
    const started = performance.now();
    await insertBurst(ids, clientId, { count: 6667, open: 100, daysAgo: 200 });
    const elapsedMs = performance.now() - started;
    const [counted] = await query(
      sql`select sum(runs)::int as runs from run_rollups
          where process_id in (${ids[0]}::uuid, ${ids[1]}::uuid, ${ids[2]}::uuid)`,
    );
    expect(counted?.runs).toBe(20_001);
    // Counted once per run, the same rows were rewritten 20,000 times: minutes. Per
    // statement it is seconds, even on PGlite on a shared machine.
    expect(elapsedMs).toBeLessThan(30_000);
  });
});
