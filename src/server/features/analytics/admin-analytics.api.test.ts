import { describe, expect, it } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Admin analytics against a known set of runs.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin', subscriptionStatus: 'active' });

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('admin analytics', () => {
  it('computes overview, top processes and usage from the recorded runs', async () => {
    const a = await createClient(t, { status: 'active' });
    const b = await createClient(t, { status: 'canceled' });
    const pa = await createProcessFor(t, a.user.id, { name: 'Alpha' });
    const pb = await createProcessFor(t, b.user.id, { name: 'Beta' });
    const run = (processId: string, clientUserId: string, ok: boolean, startedAt: Date) => ({
      processId,
      clientUserId,
      trigger: 'manual' as const,
      ok,
      durationMs: 10,
      startedAt,
    });
    await db
      .insert(runs)
      .values([
        run(pa.id, a.user.id, true, day(today)),
        run(pa.id, a.user.id, false, day(today)),
        run(pa.id, a.user.id, true, day(yesterday)),
        run(pb.id, b.user.id, false, day(yesterday)),
      ]);
    const get = (url: string) =>
      t.injectAs(admin.token, { method: 'GET', url }).then((r) => r.json());

    expect(await get('/api/analytics/overview')).toEqual({
      users: 3,
      activeSubscriptions: 2,
      totalRuns: 4,
    });
    expect(await get('/api/analytics/top-processes')).toEqual([
      {
        _id: pa.id,
        name: 'Alpha',
        clientUserId: a.user.id,
        clientName: a.user.name,
        runs: 3,
        fails: 1,
      },
      {
        _id: pb.id,
        name: 'Beta',
        clientUserId: b.user.id,
        clientName: b.user.name,
        runs: 1,
        fails: 1,
      },
    ]);
    const usage = await get('/api/analytics/usage?days=7&period=day');
    expect(usage.runsAgg).toEqual([
      { _id: yesterday, runs: 2, fails: 1 },
      { _id: today, runs: 2, fails: 1 },
    ]);
    expect(usage.usage).toContainEqual({
      _id: `${today}:${a.user.id}:${pa.id}`,
      period: today,
      clientUserId: a.user.id,
      processId: pa.id,
      processName: 'Alpha',
      clientName: a.user.name,
      executions: 2,
      failures: 1,
    });
    // The window and the grouping come from the query.
    const week = await get('/api/analytics/usage?days=7&period=week');
    expect(week.runsAgg.reduce((n: number, r: { runs: number }) => n + r.runs, 0)).toBe(4);
    const month = await get('/api/analytics/usage?days=90&period=month');
    for (const row of month.runsAgg) expect(row._id).toMatch(/^\d{4}-\d{2}-01$/);
    await db
      .insert(runs)
      .values(run(pb.id, b.user.id, true, new Date(Date.now() - 40 * 86_400_000)));
    const beta = async (days: number) =>
      (await get(`/api/analytics/top-processes?days=${days}`)).find(
        (r: { name: string }) => r.name === 'Beta',
      )?.runs;
    expect(await beta(30)).toBe(1);
    expect(await beta(90)).toBe(2);
    // How many rows: the busiest first, ties by name.
    expect(
      (await get('/api/analytics/top-processes?limit=1')).map((r: { name: string }) => r.name),
    ).toEqual(['Alpha']);
    const many = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/analytics/top-processes?limit=101',
    });
    expect(many.statusCode).toBe(400);
    expect(
      (await t.injectAs(admin.token, { method: 'GET', url: '/api/analytics/usage?period=year' }))
        .statusCode,
    ).toBe(400);

    const client = await t.createUser();
    expect(
      (await t.injectAs(client.token, { method: 'GET', url: '/api/analytics/overview' }))
        .statusCode,
    ).toBe(403);
  });
});
