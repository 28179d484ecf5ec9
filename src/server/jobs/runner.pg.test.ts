import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/support/test-database.ts';
import { jobLocksFor } from './job-locks.ts';
import { createJobRunner, type Job } from './runner.ts';

// Two instances on one PostgreSQL, each with its own runner and lock connection: a
// singleton job never runs on both at once, and the turns move between them. PostgreSQL
// only (the embedded database has one server), so this file runs in api-postgres.

const database = await openTestDatabase();
afterAll(() => database.close());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a singleton job on two instances', () => {
  it('runs on one instance at a time, and on each of them in turn', async () => {
    let active = 0;
    let most = 0;
    const ranOn = { a: 0, b: 0 };
    const job = (instance: 'a' | 'b'): Job => ({
      name: 'cleanup',
      title: 'Cleanup',
      singleton: true,
      schedule: { everyMs: 5 },
      async run() {
        active++;
        most = Math.max(most, active);
        ranOn[instance]++;
        // Work in the database while it holds the lock, as a real job does.
        await database.db.execute(sql`select pg_sleep(0.02)`);
        active--;
      },
    });
    const a = createJobRunner({ locks: jobLocksFor(database) });
    const b = createJobRunner({ locks: jobLocksFor(database) });
    a.add(job('a'));
    b.add(job('b'));
    a.start();
    b.start();
    const deadline = Date.now() + 10_000;
    while ((ranOn.a < 5 || ranOn.b < 5) && Date.now() < deadline) await sleep(50);
    await Promise.all([a.stop(), b.stop()]);
    expect(most).toBe(1);
    expect(ranOn.a).toBeGreaterThanOrEqual(5);
    expect(ranOn.b).toBeGreaterThanOrEqual(5);
    const skipped = [...a.states(), ...b.states()].filter((state) => state.lastSkippedAt);
    expect(skipped.length).toBeGreaterThan(0);
    expect([...a.states(), ...b.states()].map((state) => state.failures)).toEqual([0, 0]);
  });

  it("lets another instance take the job when the holder's connection is gone", async () => {
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ranOn = { a: 0, b: 0 };
    const job = (instance: 'a' | 'b', run: () => Promise<void>): Job => ({
      name: 'billing',
      title: 'Billing',
      singleton: true,
      schedule: { everyMs: 10 },
      async run() {
        ranOn[instance]++;
        await run();
      },
    });
    const a = createJobRunner({ locks: jobLocksFor(database) });
    a.add(job('a', () => stuck));
    a.start();
    while (ranOn.a === 0) await sleep(10);
    const b = createJobRunner({ locks: jobLocksFor(database) });
    b.add(job('b', async () => {}));
    b.start();
    await sleep(200);
    expect(ranOn.b).toBe(0);
    expect(b.states()[0]?.lastSkippedAt).not.toBeNull();

    // The first instance dies: its sessions end, and its locks with them.
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and classid = 7240115 and granted and pid <> pg_backend_pid()`);
    const deadline = Date.now() + 5_000;
    while (ranOn.b === 0 && Date.now() < deadline) await sleep(20);
    expect(ranOn.b).toBeGreaterThan(0);
    release();
    await Promise.all([a.stop(), b.stop()]);
  });
});
