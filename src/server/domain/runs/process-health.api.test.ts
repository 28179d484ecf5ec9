import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processHealth, runRollups, runs } from '#server/db/schema.ts';
import {
  DURATION_BUCKET_BOUNDS_MS,
  DURATION_BUCKETS,
  durationQuantile,
} from '#shared/process-health.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { rebuildRollups } from './rollups.ts';

// What the health of a process is read from (docs/decisions/029-operations-console.md):
// durations per bucket and scheduled runs in the rollups, the latest outcome per process.

const t = await build();
const db = t.deps.database.db;

function firstRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('no row returned');
  return row;
}

async function newProcess() {
  const client = await createClient(t);
  const process = await createProcessFor(t, client.user.id);
  const base = { processId: process.id, clientUserId: client.user.id, trigger: 'manual' as const };
  return { process, base };
}

const healthOf = async (processId: string) =>
  (await db.select().from(processHealth).where(eq(processHealth.processId, processId)))[0];

const rollupOf = async (processId: string) =>
  (await db.select().from(runRollups).where(eq(runRollups.processId, processId)))[0];

describe('duration buckets', () => {
  it('count each settled run in the bucket the shared bounds give, as SQL and TypeScript agree', async () => {
    const { process, base } = await newProcess();
    const startedAt = new Date('2026-11-20T12:00:00Z');
    // Each bound itself falls in the next bucket; one under it in its own.
    const durations = DURATION_BUCKET_BOUNDS_MS.flatMap((bound) => [bound - 1, bound]);
    await db
      .insert(runs)
      .values(durations.map((durationMs) => ({ ...base, ok: true, durationMs, startedAt })));
    const expected = Array.from({ length: DURATION_BUCKETS }, (_, i) =>
      i === 0 || i === DURATION_BUCKETS - 1 ? 1 : 2,
    );
    expect((await rollupOf(process.id))?.durationBuckets).toEqual(expected);
  });

  it('move a run to its bucket when its answer arrives, and back out when n8n corrects it', async () => {
    const { process, base } = await newProcess();
    const run = firstRow(
      await db
        .insert(runs)
        .values({
          ...base,
          state: 'following',
          ok: null,
          startedAt: new Date('2026-11-20T12:00:00Z'),
        })
        .returning(),
    );
    expect((await rollupOf(process.id))?.durationBuckets).toEqual([]);
    await db
      .update(runs)
      .set({ state: 'finished', ok: true, durationMs: 3_000 })
      .where(eq(runs.id, run.id));
    expect((await rollupOf(process.id))?.durationBuckets).toEqual([
      0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    ]);
    await db.update(runs).set({ ok: false, durationMs: 40_000 }).where(eq(runs.id, run.id));
    expect((await rollupOf(process.id))?.durationBuckets).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
    ]);
  });

  it('give the median and p95 as the bound of the bucket that holds them', () => {
    const histogram = [0, 0, 0, 90, 0, 0, 9, 0, 0, 0, 0, 1];
    expect(durationQuantile(histogram, 0.5)).toEqual({ underMs: 1_000 });
    expect(durationQuantile(histogram, 0.95)).toEqual({ underMs: 10_000 });
    expect(durationQuantile(histogram, 1)).toEqual({ overMs: 300_000 });
    expect(durationQuantile([], 0.5)).toBeNull();
  });
});

describe('scheduled runs in the rollups', () => {
  it('count scheduled runs, their failures and those that started within a minute of their time', async () => {
    const { process, base } = await newProcess();
    const due = new Date('2026-11-20T09:00:00Z');
    const at = (seconds: number) => new Date(due.getTime() + seconds * 1000);
    const scheduled = { ...base, trigger: 'schedule' as const, scheduledFor: due, durationMs: 10 };
    await db.insert(runs).values([
      { ...scheduled, ok: true, startedAt: at(2) },
      { ...scheduled, ok: true, startedAt: at(60) },
      { ...scheduled, ok: false, startedAt: at(61) },
      { ...base, ok: false, durationMs: 10, startedAt: at(5) },
    ]);
    const rollup = await rollupOf(process.id);
    expect(rollup).toMatchObject({
      runs: 4,
      failures: 2,
      scheduledRuns: 3,
      scheduledFailures: 1,
      scheduledOnTime: 2,
    });
  });
});

describe('process health', () => {
  it('counts failures in a row with the last error, and a success clears them', async () => {
    const { process, base } = await newProcess();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute));
    await db.insert(runs).values({ ...base, ok: true, durationMs: 5, startedAt: at(0) });
    for (const minute of [1, 2, 3]) {
      await db.insert(runs).values({
        ...base,
        ok: false,
        durationMs: 5,
        startedAt: at(minute),
        errorKind: 'status',
        error: `n8n answered 500 (${minute})`,
      });
    }
    expect(await healthOf(process.id)).toMatchObject({
      failuresInARow: 3,
      failingSince: at(1),
      lastSuccessAt: at(0),
      lastFailureAt: at(3),
      lastError: 'n8n answered 500 (3)',
    });
    await db.insert(runs).values({ ...base, ok: true, durationMs: 5, startedAt: at(4) });
    expect(await healthOf(process.id)).toMatchObject({
      failuresInARow: 0,
      failingSince: null,
      lastSuccessAt: at(4),
      lastError: 'n8n answered 500 (3)',
    });
  });

  it('places a run that settles late where it started', async () => {
    const { process, base } = await newProcess();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 12, minute));
    const slow = firstRow(
      await db
        .insert(runs)
        .values({ ...base, state: 'following', ok: null, startedAt: at(0) })
        .returning(),
    );
    await db.insert(runs).values({ ...base, ok: true, durationMs: 5, startedAt: at(1) });
    await db
      .update(runs)
      .set({ state: 'finished', ok: false, error: 'late' })
      .where(eq(runs.id, slow.id));
    expect(await healthOf(process.id)).toMatchObject({
      failuresInARow: 0,
      lastSuccessAt: at(1),
      lastError: 'late',
    });
    await db
      .insert(runs)
      .values({ ...base, ok: false, durationMs: 5, startedAt: at(2), error: 'now' });
    expect(await healthOf(process.id)).toMatchObject({ failuresInARow: 1, lastError: 'now' });
  });

  it('recounts when n8n corrects an outcome, and the rebuild agrees', async () => {
    const { process, base } = await newProcess();
    const now = new Date();
    const at = (minute: number) => new Date(now.getTime() - (10 - minute) * 60_000);
    const first = firstRow(
      await db
        .insert(runs)
        .values({ ...base, ok: false, durationMs: 5, startedAt: at(0), error: 'a' })
        .returning(),
    );
    const middle = firstRow(
      await db
        .insert(runs)
        .values({ ...base, ok: true, durationMs: 5, startedAt: at(1) })
        .returning(),
    );
    await db
      .insert(runs)
      .values({ ...base, ok: false, durationMs: 5, startedAt: at(2), error: 'c' });
    expect((await healthOf(process.id))?.failuresInARow).toBe(1);
    await db.update(runs).set({ ok: false, error: 'b' }).where(eq(runs.id, middle.id));
    expect(await healthOf(process.id)).toMatchObject({
      failuresInARow: 3,
      failingSince: first.startedAt,
      lastSuccessAt: null,
    });
    await rebuildRollups(db, 2);
    expect(await healthOf(process.id)).toMatchObject({ failuresInARow: 3, lastError: 'c' });
    expect((await rollupOf(process.id))?.durationBuckets[0]).toBe(3);
  });
});
