import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runDailyTotals, runRollups, runs } from '#server/db/schema.ts';
import { deleteExpiredRuns } from '#server/jobs/retention.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { rebuildRollups } from './rollups.ts';

// The daily run rollups analytics read: kept with each run by the database,
// whichever instance writes it, and kept when retention deletes the runs themselves.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const DAY_MS = 86_400_000;

const rollupsOf = (processId: string) =>
  db
    .select({
      day: runRollups.day,
      runs: runRollups.runs,
      failures: runRollups.failures,
      totalDurationMs: runRollups.totalDurationMs,
    })
    .from(runRollups)
    .where(eq(runRollups.processId, processId))
    .orderBy(runRollups.day);

describe('run rollups', () => {
  it('count each run once, in its UTC day, including its answer when it comes later', async () => {
    const client = await createClient(t);
    const process = await createProcessFor(t, client.user.id);
    const base = {
      processId: process.id,
      clientUserId: client.user.id,
      trigger: 'manual' as const,
    };
    await db.insert(runs).values([
      { ...base, ok: true, durationMs: 100, startedAt: new Date('2026-11-20T23:59:59Z') },
      { ...base, ok: false, durationMs: 50, startedAt: new Date('2026-11-21T00:00:01Z') },
    ]);
    // Recorded as running first, as every manual run is; the answer arrives later.
    const [running] = await db
      .insert(runs)
      .values({ ...base, state: 'running', ok: null, startedAt: new Date('2026-11-21T08:00:00Z') })
      .returning();
    await db
      .update(runs)
      .set({ state: 'finished', ok: false, durationMs: 700 })
      .where(eq(runs.id, running!.id));
    expect(await rollupsOf(process.id)).toEqual([
      { day: '2026-11-20', runs: 1, failures: 0, totalDurationMs: 100 },
      { day: '2026-11-21', runs: 2, failures: 2, totalDurationMs: 750 },
    ]);
    // The product-wide day totals move with them: runs, failures, processes that ran.
    const totals = await db
      .select()
      .from(runDailyTotals)
      .where(sql`${runDailyTotals.day} in ('2026-11-20', '2026-11-21')`)
      .orderBy(runDailyTotals.day);
    expect(totals).toEqual([
      { day: '2026-11-20', runs: 1, failures: 0, processDays: 1 },
      { day: '2026-11-21', runs: 2, failures: 2, processDays: 1 },
    ]);
  });

  it('hold exact counts when many runs are written at once from several connections', async () => {
    const client = await createClient(t);
    const process = await createProcessFor(t, client.user.id);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.insert(runs).values({
          processId: process.id,
          clientUserId: client.user.id,
          trigger: 'schedule',
          ok: i % 4 !== 0,
          durationMs: 10,
        }),
      ),
    );
    const [today] = await rollupsOf(process.id);
    expect(today).toMatchObject({ runs: 40, failures: 10, totalDurationMs: 400 });
  });

  it('keep the history when retention deletes the runs, and the analytics read them', async () => {
    const client = await createClient(t, { plan: 'Basic' });
    const process = await createProcessFor(t, client.user.id, { name: 'Long history' });
    const longAgo = new Date(Date.now() - 60 * DAY_MS);
    await db.insert(runs).values(
      Array.from({ length: 3 }, () => ({
        processId: process.id,
        clientUserId: client.user.id,
        trigger: 'manual' as const,
        ok: true,
        durationMs: 5,
        startedAt: longAgo,
      })),
    );
    expect(await deleteExpiredRuns(db)).toBeGreaterThanOrEqual(3);
    expect(await db.select().from(runs).where(eq(runs.processId, process.id))).toEqual([]);
    expect((await rollupsOf(process.id))[0]?.runs).toBe(3);
    const top = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/analytics/top-processes?days=90&limit=100',
    });
    expect(top.json().find((row: { name: string }) => row.name === 'Long history')?.runs).toBe(3);
  });

  it('are rebuilt from the runs for the days every plan still holds, older history left alone', async () => {
    const all = () => db.select().from(runRollups).orderBy(runRollups.processId, runRollups.day);
    const before = await all();
    const totals = () => db.select().from(runDailyTotals).orderBy(runDailyTotals.day);
    const totalsBefore = await totals();
    await db.execute(sql`update run_rollups set runs = runs + 1000, failures = 0`);
    await db.execute(sql`update run_daily_totals set runs = runs + 1000, process_days = 0`);
    const rebuilt = await rebuildRollups(db, 7);
    expect(rebuilt.from).toBe(new Date(Date.now() - 6 * DAY_MS).toISOString().slice(0, 10));
    expect(rebuilt.rows).toBeGreaterThan(0);
    const after = await all();
    const recent = (rows: typeof before) => rows.filter((r) => r.day >= rebuilt.from);
    expect(recent(after)).toEqual(recent(before));
    const recentTotals = (rows: typeof totalsBefore) => rows.filter((r) => r.day >= rebuilt.from);
    expect(recentTotals(await totals())).toEqual(recentTotals(totalsBefore));
    // The day whose runs retention deleted keeps what it had (here, what it was set to).
    const older = after.filter((r) => r.day < rebuilt.from);
    expect(older.length).toBeGreaterThan(0);
    for (const row of older) expect(row.runs).toBeGreaterThan(1000);
  });
});

describe('usage paging', () => {
  it('answers a bounded page of rows and the cursor of the next, in a stable order', async () => {
    const client = await createClient(t);
    for (let i = 0; i < 7; i++) {
      const process = await createProcessFor(t, client.user.id, { name: `Paged ${i}` });
      await db.insert(runs).values({
        processId: process.id,
        clientUserId: client.user.id,
        trigger: 'manual',
        ok: true,
      });
    }
    const page = async (query: string) =>
      (
        await t.injectAs(admin.token, { method: 'GET', url: `/api/analytics/usage?${query}` })
      ).json();
    const all = await page('days=1&limit=1000');
    const first = await page('days=1&limit=3');
    const second = await page(`days=1&limit=3&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(first.usage).toHaveLength(3);
    expect(all.nextCursor).toBeNull();
    expect([...first.usage, ...second.usage]).toEqual(all.usage.slice(0, 6));
    const tooMany = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/analytics/usage?limit=1001',
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
