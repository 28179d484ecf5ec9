import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processes, runs } from '#server/db/schema.ts';
import { rebuildRollups } from '#server/domain/runs/rollups.ts';
import { analyticsMessages, analyticsWindowDays, type TopProcess } from '#shared/analytics.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { topProcesses } from './admin-service.ts';

// Top processes are read by rank from totals kept per window the screen offers
// (migration 0019, docs/decisions/018-run-rollups.md): they must always equal the rollups
// of the window's days, as the day moves on, as runs are answered, when a process goes,
// and after a rebuild.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const DAY_MS = 86_400_000;

describe('top processes windows', () => {
  // What every kept window must hold: the rollups of its days, summed per process.
  const expectTotalsMatchRollups = async () => {
    const drift = (await db.execute(sql`
      (select w.days, r.process_id, sum(r.runs)::int as runs, sum(r.failures)::int as failures
         from run_windows w join run_rollups r on r.day >= w.first_day group by 1, 2
       except
       select days, process_id, runs, failures from run_window_totals where runs > 0)
      union all
      (select days, process_id, runs, failures from run_window_totals where runs > 0
       except
       select w.days, r.process_id, sum(r.runs)::int, sum(r.failures)::int
         from run_windows w join run_rollups r on r.day >= w.first_day group by 1, 2)`)) as {
      rows: unknown[];
    };
    expect(drift.rows).toEqual([]);
  };
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

  it('are kept for exactly the windows the screen offers', async () => {
    const kept = (await db.execute(sql`select days from run_windows order by days`)) as {
      rows: { days: number }[];
    };
    expect(kept.rows.map((row) => row.days)).toEqual([...analyticsWindowDays]);
  });

  it('rank by the runs inside each window, move on by the day, and follow every change', async () => {
    const client = await createClient(t);
    const [busy, steady, once] = await Promise.all(
      ['Window busy', 'Window steady', 'Window once'].map((name) =>
        createProcessFor(t, client.user.id, { name }),
      ),
    );
    const run = (processId: string, startedAt: Date, ok = true) => ({
      processId,
      clientUserId: client.user.id,
      trigger: 'manual' as const,
      ok,
      startedAt,
    });
    await db
      .insert(runs)
      .values([
        run(busy!.id, ago(0)),
        run(busy!.id, ago(0)),
        run(busy!.id, ago(0)),
        run(busy!.id, ago(20)),
        run(busy!.id, ago(20)),
        run(steady!.id, ago(1)),
        run(steady!.id, ago(2)),
        run(once!.id, ago(3)),
      ]);
    const [answered] = await db
      .insert(runs)
      .values({ ...run(steady!.id, ago(0)), ok: null, state: 'running' })
      .returning();
    await db.update(runs).set({ ok: false, state: 'finished' }).where(eq(runs.id, answered!.id));
    const mine = (rows: TopProcess[]) =>
      rows
        .filter((row) => row.clientUserId === client.user.id)
        .map(({ name, runs, fails }) => ({ name, runs, fails }));

    expect(mine(await topProcesses(db, 7, 100))).toEqual([
      { name: 'Window busy', runs: 3, fails: 0 },
      { name: 'Window steady', runs: 3, fails: 1 },
      { name: 'Window once', runs: 1, fails: 0 },
    ]);
    expect(mine(await topProcesses(db, 30, 100))[0]).toEqual({
      name: 'Window busy',
      runs: 5,
      fails: 0,
    });
    // The same answer over HTTP, the order the spec lists them in.
    const overHttp = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/analytics/top-processes?days=30&limit=100',
    });
    expect(mine(overHttp.json())).toEqual(mine(await topProcesses(db, 30, 100)));
    await expectTotalsMatchRollups();

    // Five days on, the run three days ago has left the 7-day window; 30 days still has it.
    const later = new Date(Date.now() + 5 * DAY_MS);
    expect(mine(await topProcesses(db, 7, 100, later)).map((row) => row.name)).toEqual([
      'Window busy',
      'Window steady',
    ]);
    expect(mine(await topProcesses(db, 30, 100, later))).toHaveLength(3);
    await expectTotalsMatchRollups();

    // A deleted process leaves every window; a rebuild leaves them as the rollups say.
    await db.delete(processes).where(eq(processes.id, once!.id));
    expect(mine(await topProcesses(db, 30, 100, later)).map((row) => row.name)).not.toContain(
      'Window once',
    );
    await db.execute(sql`update run_window_totals set runs = runs + 500`);
    await rebuildRollups(db, 7);
    await expectTotalsMatchRollups();
    // Today's real clock is now behind the moved windows: the sum over the rollups answers.
    expect(mine(await topProcesses(db, 7, 100))).toEqual([
      { name: 'Window busy', runs: 3, fails: 0 },
      { name: 'Window steady', runs: 3, fails: 1 },
    ]);
  });

  it('are asked for by a kept window only: any other days is refused in words', async () => {
    const ask = (days: string) =>
      t.injectAs(admin.token, { method: 'GET', url: `/api/analytics/top-processes?days=${days}` });
    for (const days of ['60', '730', '1', '7.5', 'week', '']) {
      const refused = await ask(days);
      expect(refused.statusCode, days).toBe(400);
      expect(refused.json().message, days).toBe(analyticsMessages.windowDays);
    }
    expect(analyticsMessages.windowDays).toBe(
      'Top processes cover the last 7, 30, 90 or 365 days: choose one of these.',
    );
    for (const days of analyticsWindowDays) expect((await ask(String(days))).statusCode).toBe(200);
  });
});
