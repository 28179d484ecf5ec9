import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, processes, runs, schedules, users } from '#server/db/schema.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import {
  intervalMessage,
  nextRunAfter,
  planIntervalSkipReason,
  schedulerMessages,
} from '#shared/scheduler.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const n8n = await startFakeN8n();
const db = t.deps.database.db;

const create = (token: string, payload: object) =>
  t.injectAs(token, { method: 'POST', url: '/api/scheduler', payload });

describe('scheduler API', () => {
  it('creates, lists (UTC when no timezone) and deletes a schedule', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id);
    const created = await create(me.token, {
      processId: process.id,
      cron: '0 * * * *',
      timezone: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      cron: '0 * * * *',
      timezone: null,
      processName: 'Lead intake',
    });
    expect(new Date(created.json().nextRunAt).getUTCMinutes()).toBe(0);
    const list = await t.injectAs(me.token, { method: 'GET', url: '/api/scheduler' });
    expect(list.json()).toHaveLength(1);
    const removed = await t.injectAs(me.token, {
      method: 'DELETE',
      url: `/api/scheduler/${created.json()._id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.injectAs(me.token, { method: 'GET', url: '/api/scheduler' })).json()).toEqual(
      [],
    );
  });

  it('checks the fields with clear messages', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id);
    const missing = await create(me.token, { processId: '', cron: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      processId: schedulerMessages.required,
      cron: schedulerMessages.required,
    });
    const fields = await create(me.token, { processId: process.id, cron: '* * * *' });
    expect(fields.json().errors.cron).toBe(schedulerMessages.fiveFields);
    const syntax = await create(me.token, { processId: process.id, cron: '61 * * * *' });
    expect(syntax.json().errors.cron).toBe(
      'Invalid cron expression: Invalid value for minute: 61.',
    );
    const zone = await create(me.token, {
      processId: process.id,
      cron: '0 * * * *',
      timezone: 'Mars/Olympus',
    });
    expect(zone.json().errors.timezone).toBe(schedulerMessages.timezone);
  });

  it.each([
    [
      'Trial with the scheduler entitlement',
      { plan: 'Trial' as const, entitlements: { scheduler: true } },
      60,
      '*/30 * * * *',
      '0 * * * *',
    ],
    ['Basic', { plan: 'Basic' as const }, 15, '*/10 * * * *', '*/15 * * * *'],
    ['Pro', { plan: 'Pro' as const }, 5, '*/4 * * * *', '*/5 * * * *'],
  ])('enforces the minimum interval of %s', async (_plan, options, minutes, tooOften, fine) => {
    const me = await createClient(t, options);
    const process = await createProcessFor(t, me.user.id);
    const refused = await create(me.token, { processId: process.id, cron: tooOften });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.cron).toBe(intervalMessage(minutes));
    expect((await create(me.token, { processId: process.id, cron: fine })).statusCode).toBe(201);
  });

  it('measures between consecutive runs, so uneven patterns are caught', async () => {
    const me = await createClient(t, { plan: 'Basic' });
    const process = await createProcessFor(t, me.user.id);
    const response = await create(me.token, { processId: process.id, cron: '0,5 * * * *' });
    expect(response.json().errors.cron).toBe(intervalMessage(15));
  });

  it('answers 403 without scheduling, 402 when the subscription is not running', async () => {
    const trial = await createClient(t, { plan: 'Trial' });
    const p1 = await createProcessFor(t, trial.user.id);
    const refused = await create(trial.token, { processId: p1.id, cron: '0 * * * *' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(schedulerMessages.notEnabled);
    const lapsed = await createClient(t, { status: 'canceled' });
    const p2 = await createProcessFor(t, lapsed.user.id);
    expect((await create(lapsed.token, { processId: p2.id, cron: '0 * * * *' })).statusCode).toBe(
      402,
    );
  });

  it("keeps clients apart: another client's process or schedule is 404", async () => {
    const me = await createClient(t);
    const other = await createClient(t);
    const theirProcess = await createProcessFor(t, other.user.id);
    expect(
      (await create(me.token, { processId: theirProcess.id, cron: '0 * * * *' })).statusCode,
    ).toBe(404);
    const theirs = await create(other.token, { processId: theirProcess.id, cron: '0 * * * *' });
    const del = await t.injectAs(me.token, {
      method: 'DELETE',
      url: `/api/scheduler/${theirs.json()._id}`,
    });
    expect(del.statusCode).toBe(404);
    expect((await t.injectAs(me.token, { method: 'GET', url: '/api/scheduler' })).json()).toEqual(
      [],
    );
  });
});

async function scheduleAt(
  clientId: string,
  cron: string,
  timezone: string | null,
  from: Date,
  url = n8n.url('/ok/s'),
) {
  const process = await createProcessFor(t, clientId, { n8nWebhookUrl: url });
  const [row] = await db
    .insert(schedules)
    .values({
      processId: process.id,
      clientUserId: clientId,
      cron,
      timezone,
      nextRunAt: nextRunAfter(cron, timezone, from),
    })
    .returning();
  return { process, schedule: row! };
}

describe('the scheduler loop', () => {
  it('keeps its slots busy: a slow webhook holds up only its own slot, not the ones due after it', async () => {
    const me = await createClient(t, { plan: 'Pro', entitlements: { scheduler: true } });
    const slow = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/sleep/4000/pool'),
    });
    const fast = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/pool') });
    const due = new Date(Date.now() - 1_000);
    const schedule = (processId: string) => ({
      processId,
      clientUserId: me.user.id,
      cron: '0 0 1 1 *',
      nextRunAt: due,
      shortestGapMinutes: 365 * 24 * 60,
    });
    // The slow one is due first; twenty more after it, more than one claim can hold.
    await db.insert(schedules).values(schedule(slow.id));
    await db.insert(schedules).values(Array.from({ length: 20 }, () => schedule(fast.id)));
    const loop = createSchedulerLoop({
      db,
      n8n: t.deps.integrations.n8n,
      intervalMs: 100,
      batchSize: 4,
      concurrency: 4,
    });
    const started = Date.now();
    loop.start();
    // Batch-then-wait would hold the next batches for the slow call's 4 s.
    await expect.poll(() => n8n.to('/ok/pool').length, { timeout: 3_000, interval: 50 }).toBe(20);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(n8n.to('/sleep/4000/pool')).toHaveLength(1);
    await loop.stop();
    expect(loop.inFlight()).toBe(0);
  });

  it('fires a due schedule within seconds of its time, once', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/live') });
    const due = new Date(Date.now() + 1_000);
    await db.insert(schedules).values({
      processId: process.id,
      clientUserId: me.user.id,
      cron: '0 0 1 1 *',
      nextRunAt: due,
    });
    const loop = createSchedulerLoop({ db, n8n: t.deps.integrations.n8n, intervalMs: 200 });
    loop.start();
    await expect.poll(() => n8n.to('/ok/live').length, { timeout: 8_000, interval: 100 }).toBe(1);
    await loop.stop();
    const [run] = await db.select().from(runs).where(eq(runs.processId, process.id));
    expect(run?.trigger).toBe('schedule');
    expect(run!.startedAt.getTime() - due.getTime()).toBeLessThan(5_000);
    expect(run!.startedAt.getTime()).toBeGreaterThanOrEqual(due.getTime());
  });

  it('fires a schedule in America/Chicago once per due time across both DST changes', async () => {
    const me = await createClient(t);
    const check = async (cron: string, from: string, to: string, expected: string[]) => {
      const { process } = await scheduleAt(me.user.id, cron, 'America/Chicago', new Date(from));
      const loop = createSchedulerLoop({ db, n8n: t.deps.integrations.n8n });
      for (let at = new Date(from).getTime(); at <= new Date(to).getTime(); at += 10 * 60_000) {
        await loop.tick(new Date(at));
      }
      const fired = await db.select().from(runs).where(eq(runs.processId, process.id));
      expect(fired.map((r) => r.scheduledFor?.toISOString()).sort()).toEqual(expected);
    };
    // Fall back (1 Nov 2026): 01:30 happens twice locally, and fires once.
    await check('30 1 * * *', '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z', [
      '2026-10-31T06:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-02T07:30:00.000Z',
    ]);
    // Spring forward (8 Mar 2026): 02:30 does not exist locally; it fires once, at 03:00.
    await check('30 2 * * *', '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z', [
      '2026-03-07T08:30:00.000Z',
      '2026-03-08T08:00:00.000Z',
      '2026-03-09T07:30:00.000Z',
    ]);
  });

  it('skips and audits when the subscription lapsed, scheduling was lost or the process is paused', async () => {
    const lapsed = await createClient(t, { status: 'past_due' });
    const lost = await createClient(t, { plan: 'Basic', entitlements: { scheduler: false } });
    const paused = await createClient(t);
    const from = new Date('2030-01-01T00:00:00Z');
    const a = await scheduleAt(lapsed.user.id, '0 * * * *', null, from, n8n.url('/ok/skip-a'));
    const b = await scheduleAt(lost.user.id, '0 * * * *', null, from, n8n.url('/ok/skip-b'));
    const c = await scheduleAt(paused.user.id, '0 * * * *', null, from, n8n.url('/ok/skip-c'));
    await db.update(processes).set({ isActive: false }).where(eq(processes.id, c.process.id));
    await createSchedulerLoop({ db, n8n: t.deps.integrations.n8n }).tick(
      new Date('2030-01-01T01:00:00Z'),
    );
    expect(n8n.to('/ok/skip')).toHaveLength(0);
    for (const [{ process }, reason] of [
      [a, 'the subscription is inactive'],
      [b, 'scheduling is not enabled for the plan'],
      [c, 'the process is paused'],
    ] as const) {
      const log = await db.select().from(auditLogs).where(eq(auditLogs.processId, process.id));
      expect(log.map((e) => e.message)).toContain(`Scheduled run skipped: ${reason}`);
    }
  });

  it("holds schedules to a downgraded plan's interval when they fire, and the list says why", async () => {
    const me = await createClient(t, { plan: 'Pro' });
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/downgraded'),
    });
    const created = await create(me.token, { processId: process.id, cron: '*/5 * * * *' });
    expect(created.statusCode).toBe(201);
    expect(created.json().lastSkip).toBeNull();
    const [stored] = await db.select().from(schedules).where(eq(schedules.id, created.json()._id));
    expect(stored?.shortestGapMinutes).toBe(5);

    // Basic allows every 15 minutes at most; the plan changed after the schedule was made.
    await db.update(users).set({ subscriptionPlan: 'Basic' }).where(eq(users.id, me.user.id));
    const due = stored!.nextRunAt!;
    await createSchedulerLoop({ db, n8n: t.deps.integrations.n8n }).tick(due);
    expect(n8n.to('/ok/downgraded')).toHaveLength(0);
    const reason = planIntervalSkipReason(15);
    const [listed] = (await t.injectAs(me.token, { method: 'GET', url: '/api/scheduler' })).json();
    expect(listed.lastSkip).toEqual({ at: due.toISOString(), reason });
    const log = await db.select().from(auditLogs).where(eq(auditLogs.processId, process.id));
    expect(log.map((e) => e.message)).toContain(`Scheduled run skipped: ${reason}`);

    // Back on Pro, the next due run fires and the list no longer shows the skip.
    await db.update(users).set({ subscriptionPlan: 'Pro' }).where(eq(users.id, me.user.id));
    const [after] = await db.select().from(schedules).where(eq(schedules.id, stored!.id));
    await createSchedulerLoop({ db, n8n: t.deps.integrations.n8n }).tick(after!.nextRunAt!);
    expect(n8n.to('/ok/downgraded')).toHaveLength(1);
    const [again] = (await t.injectAs(me.token, { method: 'GET', url: '/api/scheduler' })).json();
    expect(again.lastSkip).toBeNull();
  });

  it('works out the gap of a schedule made before it was stored, once', async () => {
    const me = await createClient(t, { plan: 'Basic' });
    const from = new Date('2030-02-01T00:00:00Z');
    const { schedule } = await scheduleAt(
      me.user.id,
      '*/5 * * * *',
      null,
      from,
      n8n.url('/ok/old-row'),
    );
    expect(schedule.shortestGapMinutes).toBeNull();
    await createSchedulerLoop({ db, n8n: t.deps.integrations.n8n }).tick(schedule.nextRunAt!);
    expect(n8n.to('/ok/old-row')).toHaveLength(0);
    const [row] = await db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row).toMatchObject({
      shortestGapMinutes: 5,
      lastSkipReason: planIntervalSkipReason(15),
    });
  });
});

describe('PATCH /api/scheduler/{id}', () => {
  const patch = (token: string, id: string, payload: object) =>
    t.injectAs(token, { method: 'PATCH', url: `/api/scheduler/${id}`, payload });

  it('pauses (the loop fires nothing), resumes from now and edits with the create checks', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      name: 'Paused intake',
      n8nWebhookUrl: n8n.url('/ok/paused'),
    });
    const other = await createProcessFor(t, me.user.id, { name: 'Other intake' });
    const created = (await create(me.token, { processId: process.id, cron: '0 * * * *' })).json();

    const paused = await patch(me.token, created._id, { paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, nextRunAt: null, cron: '0 * * * *' });
    // Even when it was due, a paused schedule is not claimed.
    const loop = createSchedulerLoop({ db, n8n: t.deps.integrations.n8n, intervalMs: 60_000 });
    await loop.tick(new Date(Date.now() + 2 * 3_600_000));
    expect(n8n.to('/ok/paused')).toHaveLength(0);

    // Edited while paused: the new cron is checked and kept, still paused.
    const edited = await patch(me.token, created._id, {
      processId: other.id,
      cron: '30 9 * * 1-5',
      timezone: 'America/Chicago',
    });
    expect(edited.json()).toMatchObject({
      paused: true,
      processName: 'Other intake',
      cron: '30 9 * * 1-5',
      timezone: 'America/Chicago',
      nextRunAt: null,
    });

    const resumed = await patch(me.token, created._id, { paused: false });
    expect(resumed.json().paused).toBe(false);
    expect(resumed.json().nextRunAt).toBe(
      nextRunAfter('30 9 * * 1-5', 'America/Chicago', new Date())?.toISOString(),
    );
    const listed = (await t.injectAs(me.token, { method: 'GET', url: '/api/scheduler' })).json();
    expect(listed[0]).toMatchObject({ _id: created._id, paused: false, cron: '30 9 * * 1-5' });

    const trail = await db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(eq(auditLogs.userId, me.user.id));
    expect(trail.map((row) => row.message)).toEqual(
      expect.arrayContaining([
        'Schedule for "Paused intake" paused',
        'Schedule for "Other intake" changed to "30 9 * * 1-5" (America/Chicago)',
        'Schedule for "Other intake" resumed',
      ]),
    );
  });

  it('refuses what creating refuses, and other accounts’ schedules', async () => {
    const me = await createClient(t, { plan: 'Basic' });
    const process = await createProcessFor(t, me.user.id);
    const created = (await create(me.token, { processId: process.id, cron: '0 * * * *' })).json();
    const badCron = await patch(me.token, created._id, { cron: '61 * * * *' });
    expect(badCron.statusCode).toBe(400);
    expect(badCron.json().errors.cron).toBe(
      'Invalid cron expression: Invalid value for minute: 61.',
    );
    const tooOften = await patch(me.token, created._id, { cron: '* * * * *' });
    expect(tooOften.statusCode).toBe(400);
    expect(tooOften.json().message).toMatch(/^Your plan allows runs at most every \d+ minutes/);
    const zone = await patch(me.token, created._id, { timezone: 'Mars/Olympus' });
    expect(zone.json().errors.timezone).toBe(schedulerMessages.timezone);
    expect((await patch(me.token, created._id, {})).statusCode).toBe(400);

    const stranger = await createClient(t);
    const strangers = await createProcessFor(t, stranger.user.id);
    expect((await patch(stranger.token, created._id, { paused: true })).statusCode).toBe(404);
    expect((await patch(me.token, created._id, { processId: strangers.id })).statusCode).toBe(404);
    expect((await patch(me.token, 'not-an-id', { paused: true })).statusCode).toBe(404);

    // A lapsed subscription may pause, not resume.
    expect((await patch(me.token, created._id, { paused: true })).statusCode).toBe(200);
    await db.update(users).set({ subscriptionStatus: 'past_due' }).where(eq(users.id, me.user.id));
    expect((await patch(me.token, created._id, { paused: false })).statusCode).toBe(402);
    const [row] = await db.select().from(schedules).where(eq(schedules.id, created._id));
    expect(row).toMatchObject({ cron: '0 * * * *', nextRunAt: null });
    expect(row?.pausedAt).not.toBeNull();
  });
});
