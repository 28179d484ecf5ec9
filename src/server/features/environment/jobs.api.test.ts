import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { retentionJob } from '#server/jobs/retention.ts';
import type { BackgroundJobs } from '#shared/background-jobs.ts';
import { metricValue } from '#test/support/prometheus.ts';
import { build } from '#test/support/test-app.ts';

// The background jobs on the admin Environment screen and in /metrics: a job that fails
// shows its error and when it failed in both places alike, and a job that succeeds when.

const METRICS_TOKEN = 'metrics-token-for-the-jobs-test';
const t = await build({ config: loadConfig({ LOG_LEVEL: 'silent', METRICS_TOKEN }) });

const jobsAs = (token: string) =>
  t.injectAs(token, { method: 'GET', url: '/api/environment/jobs' });

describe('GET /api/environment/jobs', () => {
  it('lists each job with its last success, and its last failure with the error', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    let calls = 0;
    t.app.jobs.add(retentionJob(t.deps.database.db, 365));
    t.app.jobs.add({
      name: 'webhook-retries',
      title: 'Webhook notices tried again',
      schedule: { everyMs: 60_000 },
      retry: { firstMs: 20, maxMs: 20 },
      async run() {
        // Fails twice, then works: the error stays on the screen after the success.
        if (++calls <= 2) throw new Error('The listener answered 503 Service Unavailable');
      },
    });
    t.app.jobs.start();
    // Both jobs have to finish: retention on a busy shared database can outlast the retries.
    const allDone = async () =>
      (await jobsAs(admin.token)).json<BackgroundJobs>().jobs.every((job) => job.lastSuccessAt);
    await expect.poll(allDone, { timeout: 10_000 }).toBe(true);

    const response = await jobsAs(admin.token);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as BackgroundJobs;
    expect(answer.instance).toMatch(/\(process \d+\)$/);
    const [retention, retries] = answer.jobs;
    expect(retention).toMatchObject({
      name: 'retention',
      title: 'Retention cleanup',
      cadence: 'every day',
      singleton: true,
      runs: 1,
      failures: 0,
      lastFailureAt: null,
      lastError: null,
    });
    expect(Date.parse(retention!.lastSuccessAt!)).toBeGreaterThan(Date.parse(answer.startedAt));
    expect(Date.parse(retention!.nextRunAt!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(retries).toMatchObject({
      name: 'webhook-retries',
      cadence: 'every minute',
      runs: 3,
      failures: 2,
      consecutiveFailures: 0,
      lastError: 'The listener answered 503 Service Unavailable',
    });
    expect(Date.parse(retries!.lastFailureAt!)).toBeLessThanOrEqual(
      Date.parse(retries!.lastSuccessAt!),
    );

    // The same story in /metrics.
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = scrape.body;
    expect(metricValue(text, 'job_runs_total', { job: 'webhook-retries' })).toBe(3);
    expect(metricValue(text, 'job_failures_total', { job: 'webhook-retries' })).toBe(2);
    expect(metricValue(text, 'job_failures_total', { job: 'retention' })).toBe(0);
    expect(metricValue(text, 'job_duration_seconds_count', { job: 'retention' })).toBe(1);
    expect(metricValue(text, 'job_last_success_timestamp_seconds', { job: 'retention' })).toBe(
      Date.parse(retention!.lastSuccessAt!) / 1000,
    );
  });

  it('is for admins only', async () => {
    const client = await t.createUser();
    expect((await jobsAs(client.token)).statusCode).toBe(403);
  });
});
