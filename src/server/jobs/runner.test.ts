import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMetrics } from '#server/metrics/metrics.ts';
import { metricValue } from '#test/support/prometheus.ts';
import type { JobLocks } from './job-locks.ts';
import { createJobRunner, type Job } from './runner.ts';

// The job runner on fake timers: when each job runs, that a job never overlaps itself,
// the back-off after a failure, what it keeps of the last success and failure, and a stop
// that waits for the run under way.

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2031-03-04T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const elapsed = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Lets the fake clock run until `stopping` resolves (a run under way sleeps on it). */
async function settle(stopping: Promise<unknown>) {
  let done = false;
  void stopping.then(() => {
    done = true;
  });
  while (!done) await elapsed(100);
}

/** A job that notes the time each run started, and can be told to fail. */
function recorder(overrides: Partial<Job> = {}) {
  const starts: number[] = [];
  let failWith: string | null = null;
  const job: Job = {
    name: 'probe',
    title: 'Probe',
    schedule: { everyMs: 1_000 },
    async run() {
      starts.push(Date.now() - new Date('2031-03-04T10:00:00Z').getTime());
      if (failWith) throw new Error(failWith);
    },
    ...overrides,
  };
  return {
    job,
    starts,
    fail(message: string | null) {
      failWith = message;
    },
  };
}

describe('createJobRunner', () => {
  it('runs a job at start and then every interval after the last run ended', async () => {
    const probe = recorder({ schedule: { everyMs: 1_000 } });
    const later = recorder({ name: 'later', schedule: { everyMs: 60_000, firstAfterMs: 60_000 } });
    const runner = createJobRunner({});
    runner.add(probe.job);
    runner.add(later.job);
    runner.start();
    await elapsed(3_500);
    expect(probe.starts).toEqual([0, 1_000, 2_000, 3_000]);
    expect(later.starts).toEqual([]);
    const [state] = runner.states();
    expect(state).toMatchObject({ name: 'probe', runs: 4, failures: 0, running: false });
    expect(state?.nextRunAt?.toISOString()).toBe('2031-03-04T10:00:04.000Z');
    await elapsed(60_000);
    expect(later.starts).toEqual([60_000]);
    await runner.stop();
  });

  it('runs a cron job at its times in UTC, and a missed time once shortly after start', async () => {
    const nightly = recorder({ schedule: { cron: '0 3 * * *' } });
    let missed = true;
    const caughtUp = recorder({
      name: 'caught-up',
      schedule: { cron: '0 3 * * *', catchUp: { afterMs: 120_000, missed: async () => missed } },
    });
    const runner = createJobRunner({});
    runner.add(nightly.job);
    runner.add(caughtUp.job);
    runner.start();
    expect(runner.states()[0]?.nextRunAt?.toISOString()).toBe('2031-03-05T03:00:00.000Z');
    await elapsed(120_000);
    expect(nightly.starts).toEqual([]);
    expect(caughtUp.starts).toEqual([120_000]);
    missed = false;
    await elapsed(17 * 3_600_000);
    const three = 17 * 3_600_000;
    expect(nightly.starts).toEqual([three]);
    expect(caughtUp.starts).toEqual([120_000, three]);
    await runner.stop();
  });

  it('never starts a job while its last run is under way', async () => {
    let active = 0;
    let most = 0;
    const starts: number[] = [];
    const runner = createJobRunner({});
    runner.add({
      name: 'slow',
      title: 'Slow',
      schedule: { everyMs: 100 },
      async run() {
        starts.push(Date.now());
        active++;
        most = Math.max(most, active);
        await sleep(350);
        active--;
      },
    });
    runner.start();
    await elapsed(300);
    expect(runner.states()[0]?.running).toBe(true);
    await elapsed(1_100);
    expect(most).toBe(1);
    // Each run starts 100 ms after the last one ended: 0, 450, 900, 1,350.
    expect(starts.map((at) => at - starts[0]!)).toEqual([0, 450, 900, 1_350]);
    await settle(runner.stop());
  });

  it('backs off after failures, doubling up to the most, and keeps to its interval again once it succeeds', async () => {
    const probe = recorder({ retry: { firstMs: 2_000, maxMs: 5_000 } });
    probe.fail('database is down');
    const runner = createJobRunner({});
    runner.add(probe.job);
    runner.start();
    await elapsed(12_500);
    // Failed at 0; tried again 2 s, 4 s, then 5 s (the most) after each failure.
    expect(probe.starts).toEqual([0, 2_000, 6_000, 11_000]);
    expect(runner.states()[0]).toMatchObject({ consecutiveFailures: 4, failures: 4 });
    probe.fail(null);
    await elapsed(4_000);
    expect(probe.starts.at(-1)).toBe(16_000);
    await elapsed(2_000);
    expect(probe.starts.slice(-3)).toEqual([16_000, 17_000, 18_000]);
    expect(runner.states()[0]).toMatchObject({ consecutiveFailures: 0, failures: 4, runs: 7 });
    await runner.stop();
  });

  it('tries a failed daily job again within minutes, not the next day', async () => {
    const probe = recorder({ schedule: { everyMs: 86_400_000 } });
    probe.fail('deadlock detected');
    const runner = createJobRunner({});
    runner.add(probe.job);
    runner.start();
    await elapsed(31_000);
    expect(probe.starts).toEqual([0, 30_000]);
    await runner.stop();
  });

  it('keeps the last error and when it failed after a later success', async () => {
    const probe = recorder();
    const runner = createJobRunner({});
    runner.add(probe.job);
    runner.start();
    await elapsed(500);
    expect(runner.states()[0]).toMatchObject({ lastError: null, lastFailureAt: null });
    expect(runner.states()[0]?.lastSuccessAt?.toISOString()).toBe('2031-03-04T10:00:00.000Z');
    probe.fail('SMTP server refused the connection');
    await elapsed(1_000);
    probe.fail(null);
    await elapsed(30_000);
    const [state] = runner.states();
    expect(state?.lastError).toBe('SMTP server refused the connection');
    expect(state?.lastFailureAt?.toISOString()).toBe('2031-03-04T10:00:01.000Z');
    expect(state?.lastSuccessAt?.toISOString()).toBe('2031-03-04T10:00:31.000Z');
    expect(state?.consecutiveFailures).toBe(0);
    await runner.stop();
  });

  it('waits for the run under way when stopped, and starts none after', async () => {
    let finish = () => {};
    let runs = 0;
    let finished = false;
    const runner = createJobRunner({});
    runner.add({
      name: 'long',
      title: 'Long',
      schedule: { everyMs: 10 },
      async run() {
        runs++;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        finished = true;
      },
    });
    runner.start();
    await elapsed(5);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await elapsed(1_000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(true);
    await elapsed(1_000);
    expect(runs).toBe(1);
    expect(runner.states()[0]?.nextRunAt).toBeNull();
  });

  it('skips a singleton job for a turn while another instance holds it', async () => {
    const held = new Set<string>();
    // Two instances' locks in one process: what PostgreSQL's advisory locks do between them.
    const locks = (): JobLocks => ({
      async tryHold(name) {
        if (held.has(name)) return null;
        held.add(name);
        return async () => {
          held.delete(name);
        };
      },
      async close() {},
    });
    let active = 0;
    let most = 0;
    const job = (): Job => ({
      name: 'sweep',
      title: 'Sweep',
      singleton: true,
      schedule: { everyMs: 100 },
      async run() {
        active++;
        most = Math.max(most, active);
        await sleep(250);
        active--;
      },
    });
    const a = createJobRunner({ locks: locks() });
    const b = createJobRunner({ locks: locks() });
    a.add(job());
    b.add(job());
    a.start();
    b.start();
    await elapsed(2_000);
    expect(most).toBe(1);
    const [stateA] = a.states();
    const [stateB] = b.states();
    expect(stateA?.runs).toBeGreaterThan(0);
    expect(stateB?.lastSkippedAt).not.toBeNull();
    expect(stateB?.failures).toBe(0);
    await settle(Promise.all([a.stop(), b.stop()]));
  });

  it('reports every run, failure, duration and last success to /metrics', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const probe = recorder({
      async run() {
        await sleep(200);
        throw new Error('no');
      },
    });
    const quiet = recorder({ name: 'quiet', schedule: { everyMs: 60_000, firstAfterMs: 60_000 } });
    const runner = createJobRunner({ observer: metrics });
    runner.add(probe.job);
    runner.add(quiet.job);
    runner.start();
    await elapsed(250);
    let text = await metrics.render();
    expect(metricValue(text, 'job_runs_total', { job: 'probe' })).toBe(1);
    expect(metricValue(text, 'job_failures_total', { job: 'probe' })).toBe(1);
    expect(metricValue(text, 'job_duration_seconds_sum', { job: 'probe' })).toBeCloseTo(0.2);
    expect(metricValue(text, 'job_last_success_timestamp_seconds', { job: 'probe' })).toBe(
      undefined,
    );
    // A job that has not run yet is there with nothing counted, so alerts can see it.
    expect(metricValue(text, 'job_runs_total', { job: 'quiet' })).toBe(0);
    expect(metricValue(text, 'job_failures_total', { job: 'quiet' })).toBe(0);
    await elapsed(60_000);
    text = await metrics.render();
    expect(metricValue(text, 'job_last_success_timestamp_seconds', { job: 'quiet' })).toBe(
      new Date('2031-03-04T10:01:00.000Z').getTime() / 1000,
    );
    await runner.stop();
  });

  it('refuses two jobs of one name', () => {
    const runner = createJobRunner({});
    runner.add(recorder().job);
    expect(() => runner.add(recorder().job)).toThrow(/probe/);
  });
});
