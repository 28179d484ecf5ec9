import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runs, schedules } from '#server/db/schema.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// GET /api/client/overview: the figures of the client's home page.

const t = await build();
const db = t.deps.database.db;
const DAY_MS = 86_400_000;

const overviewOf = async (token: string) => {
  const response = await t.injectAs(token, { method: 'GET', url: '/api/client/overview' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/client/overview', () => {
  it('answers zeros for a new account', async () => {
    const fresh = await createClient(t);
    expect(await overviewOf(fresh.token)).toEqual({
      lastDays: { days: 7, runs: 0, failures: 0 },
      recentRuns: [],
      nextRun: null,
      processCount: 0,
      activeScheduleCount: 0,
      processes: [],
    });
  });

  it('counts the last seven days, lists the newest runs and the next scheduled run', async () => {
    const me = await createClient(t);
    const intake = await createProcessFor(t, me.user.id, { name: 'Lead intake' });
    const report = await createProcessFor(t, me.user.id, { name: 'Weekly report' });
    const ago = (days: number, minutes = 0) =>
      new Date(Date.now() - days * DAY_MS - minutes * 60_000);
    const run = (processId: string, startedAt: Date, ok: boolean) => ({
      processId,
      clientUserId: me.user.id,
      trigger: 'manual' as const,
      ok,
      statusCode: ok ? 200 : 500,
      durationMs: 800,
      startedAt,
    });
    await db.insert(runs).values([
      run(intake.id, ago(0, 1), true),
      run(intake.id, ago(0, 2), false),
      run(report.id, ago(2), true),
      run(report.id, ago(5), true),
      run(intake.id, ago(6), true),
      run(intake.id, ago(4), true),
      // Outside the seven days, inside the plan's 30-day retention.
      run(intake.id, ago(10), false),
    ]);
    const soon = new Date(Date.now() + 3_600_000);
    await db.insert(schedules).values([
      {
        processId: report.id,
        clientUserId: me.user.id,
        cron: '0 9 * * 1',
        nextRunAt: new Date(Date.now() + 5 * DAY_MS),
      },
      { processId: intake.id, clientUserId: me.user.id, cron: '0 * * * *', nextRunAt: soon },
      // Paused: not the next run, not counted.
      {
        processId: intake.id,
        clientUserId: me.user.id,
        cron: '*/30 * * * *',
        nextRunAt: null,
        pausedAt: new Date(),
      },
    ]);
    // Someone else's runs never show.
    const other = await createClient(t);
    const theirs = await createProcessFor(t, other.user.id, { name: 'Not mine' });
    await db.insert(runs).values({ ...run(theirs.id, ago(0), true), clientUserId: other.user.id });

    const overview = await overviewOf(me.token);
    expect(overview.lastDays).toEqual({ days: 7, runs: 6, failures: 1 });
    expect(overview.recentRuns).toHaveLength(5);
    expect(overview.recentRuns[0]).toMatchObject({
      processName: 'Lead intake',
      ok: true,
      durationMs: 800,
    });
    expect(overview.recentRuns[1]).toMatchObject({
      processName: 'Lead intake',
      ok: false,
      statusCode: 500,
    });
    expect(overview.recentRuns.map((r: { processName: string }) => r.processName)).not.toContain(
      'Not mine',
    );
    expect(overview.nextRun).toMatchObject({ processName: 'Lead intake', at: soon.toISOString() });
    expect(overview.processCount).toBe(2);
    expect(overview.activeScheduleCount).toBe(2);

    const [paused] = await db.select().from(schedules).where(eq(schedules.cron, '*/30 * * * *'));
    expect(paused?.nextRunAt).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/client/overview' });
    expect(anonymous.statusCode).toBe(401);
  });
});
