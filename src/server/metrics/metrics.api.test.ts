import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { outbox, runs, schedules } from '#server/db/schema.ts';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { interruptAbandonedRuns } from '#server/domain/runs/in-flight.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { createOutboxSender } from '#server/jobs/outbox-sender.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { metricValue, parseSamples } from '#test/support/prometheus.ts';
import { refusal, startScriptedSmtp } from '#test/support/smtp-scripted.ts';
import { build } from '#test/support/test-app.ts';

// GET /metrics on the whole app: off without METRICS_TOKEN, refused without it, and with
// it the figures of requests, runs, the scheduler, the outbox, the read cache and the
// process, labelled by route patterns and fixed names, never by ids or tokens.

const TOKEN = 'metrics-token-for-tests-0123456789';
const off = await build();
const t = await build({
  config: loadConfig({ DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent', METRICS_TOKEN: TOKEN }),
});
const n8n = await startFakeN8n();
const db = t.deps.database.db;

const get = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });
async function scrape(): Promise<string> {
  const response = await get({ authorization: `Bearer ${TOKEN}` });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404, as for any unknown path', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await off.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'No such endpoint: GET /metrics' });
    }
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}0` },
      { authorization: `Bearer ${randomBytes(24).toString('hex')}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of wrong) {
      const response = await get(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_request');
    }
  });

  it('answers the Prometheus text format with the token, never stored by a cache', async () => {
    const response = await get({ authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(() => parseSamples(response.body)).not.toThrow();
  });

  it('is not part of the OpenAPI document', async () => {
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/metrics');
    expect(Object.keys(document.paths)).toContain('/readyz');
  });
});

describe('what it reports', () => {
  it('requests by route pattern and status, and runs by trigger and outcome: no id or token in a label', async () => {
    const me = await createClient(t);
    const ok = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/metrics') });
    const failing = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/fail/metrics'),
    });
    const trigger = (id: string) =>
      t.injectAs(me.token, { method: 'POST', url: `/api/n8n/trigger/${id}` });
    expect((await trigger(ok.id)).statusCode).toBe(200);
    expect((await trigger(failing.id)).statusCode).toBe(502);
    const inviteToken = randomBytes(32).toString('base64url');
    await t.app.inject({ method: 'GET', url: `/api/team/invites/${inviteToken}` });
    const secret = randomBytes(16).toString('hex');
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${secret}?sig=${secret}` });

    const text = await scrape();
    const route = '/api/n8n/trigger/:processId';
    const requests = (labels: Record<string, string>) =>
      metricValue(text, 'http_request_duration_seconds_count', labels);
    expect(requests({ method: 'POST', route, status_code: '200' })).toBe(1);
    expect(requests({ method: 'POST', route, status_code: '502' })).toBe(1);
    expect(requests({ method: 'GET', route: '/api/team/invites/:token' })).toBe(1);
    expect(requests({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      metricValue(text, 'webhook_runs_total', { trigger: 'manual', outcome: 'succeeded' }),
    ).toBe(1);
    expect(metricValue(text, 'webhook_runs_total', { trigger: 'manual', outcome: 'failed' })).toBe(
      1,
    );
    expect(
      metricValue(text, 'webhook_run_duration_seconds_count', {
        trigger: 'manual',
        outcome: 'succeeded',
      }),
    ).toBe(1);

    for (const leak of [ok.id, failing.id, me.user.id, inviteToken, secret, me.token, TOKEN]) {
      expect(text).not.toContain(leak);
    }
    const routes = new Set(
      parseSamples(text)
        .filter((s) => s.name === 'http_request_duration_seconds_count')
        .map((s) => s.labels.route),
    );
    for (const label of routes) expect(label).toMatch(/^(unmatched|\/[\w/:.*-]*)$/);
  });

  it('runs an admin tests and runs marked interrupted', async () => {
    const me = await createClient(t);
    const admin = await t.createUser({ role: 'Admin' });
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/test') });
    const tested = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/processes/${process.id}/test`,
    });
    expect(tested.statusCode).toBe(200);
    await db.insert(runs).values({
      processId: process.id,
      clientUserId: me.user.id,
      trigger: 'schedule',
      targetUrl: n8n.url('/ok/left-behind'),
      startedAt: new Date(Date.now() - 3_600_000),
      state: 'running',
    });
    await interruptAbandonedRuns(
      db,
      { startedBefore: new Date(Date.now() - 60_000) },
      new Date(),
      t.app.metrics,
    );

    const text = await scrape();
    expect(metricValue(text, 'webhook_runs_total', { trigger: 'test', outcome: 'succeeded' })).toBe(
      1,
    );
    expect(
      metricValue(text, 'webhook_runs_total', { trigger: 'schedule', outcome: 'interrupted' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('how late the scheduler fires what is due, and the scheduled run', async () => {
    const me = await createClient(t, { plan: 'Pro' });
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/scheduled'),
    });
    await db.insert(schedules).values({
      processId: process.id,
      clientUserId: me.user.id,
      cron: '0 0 1 1 *',
      nextRunAt: new Date(Date.now() - 90_000),
    });
    const loop = createSchedulerLoop({ db, n8n: t.deps.integrations.n8n, metrics: t.app.metrics });
    expect(await loop.tick()).toBe(1);

    const text = await scrape();
    expect(metricValue(text, 'scheduler_lateness_seconds_count')).toBe(1);
    expect(metricValue(text, 'scheduler_lateness_seconds_sum')).toBeGreaterThanOrEqual(90);
    expect(metricValue(text, 'scheduler_lateness_seconds_bucket', { le: '60' })).toBe(0);
    expect(metricValue(text, 'scheduler_lateness_seconds_bucket', { le: '120' })).toBe(1);
    expect(
      metricValue(text, 'webhook_runs_total', { trigger: 'schedule', outcome: 'succeeded' }),
    ).toBe(1);
  });

  it('the outbox depth by status and failed deliveries', async () => {
    const server = await startScriptedSmtp({
      answer: (mail) => {
        if (mail.raw.includes('Subject: Refused')) throw refusal(550, 'No such mailbox');
      },
    });
    const mail = (subject: string) =>
      queueMail(db, { kind: 'test', to: 'jo@example.com', subject, text: 'A message' });
    await mail('Accepted');
    await mail('Refused');
    const later = await mail('Later');
    await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(outbox.id, later.id));
    const sender = createOutboxSender({
      db,
      transport: createSmtpTransport(server.url),
      from: 'Site <site@example.test>',
      metrics: t.app.metrics,
    });
    expect(await sender.tick()).toBe(2);

    const inDatabase = async (status: 'pending' | 'failed') =>
      (
        await db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.status, status)))
      )[0]!.n;
    const text = await scrape();
    expect(metricValue(text, 'outbox_sent_total')).toBe(1);
    expect(metricValue(text, 'outbox_send_failures_total', { final: 'true' })).toBe(1);
    expect(metricValue(text, 'outbox_messages', { status: 'failed' })).toBe(
      await inDatabase('failed'),
    );
    expect(metricValue(text, 'outbox_messages', { status: 'pending' })).toBe(
      await inDatabase('pending'),
    );
    expect(metricValue(text, 'outbox_messages', { status: 'pending' })).toBeGreaterThanOrEqual(1);
  });

  it('read cache hits and misses, and the process (memory, CPU, event loop)', async () => {
    const me = await createClient(t);
    for (let i = 0; i < 3; i++) {
      const list = await t.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
      expect(list.statusCode).toBe(200);
    }
    const text = await scrape();
    expect(metricValue(text, 'read_cache_hits_total', { cache: 'session' })).toBeGreaterThanOrEqual(
      2,
    );
    expect(
      metricValue(text, 'read_cache_misses_total', { cache: 'session' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'read_cache_hits_total', { cache: 'processList' }),
    ).toBeGreaterThanOrEqual(2);
    expect(metricValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metricValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(metricValue(text, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
  });
});
