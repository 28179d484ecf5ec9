import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { endOf } from '#server/domain/runs/service.ts';
import { metricValue, parseSamples, samplesOf } from '#test/support/prometheus.ts';
import { bearerMatches } from './endpoint.ts';
import { createMetrics } from './metrics.ts';

// The metrics module on its own: what each recorder writes, what a scrape reads from its
// sources, and the token check of GET /metrics.

const quiet = () => createMetrics({ processMetrics: false });

describe('createMetrics', () => {
  it('times requests by method, route pattern and status code', async () => {
    const metrics = quiet();
    metrics.observeRequest('GET', '/api/n8n/my-processes', 200, 0.002);
    metrics.observeRequest('GET', '/api/n8n/my-processes', 200, 0.004);
    metrics.observeRequest('POST', '/api/n8n/trigger/:processId', 502, 1.5);
    const text = await metrics.render();
    const labels = { method: 'GET', route: '/api/n8n/my-processes', status_code: '200' };
    expect(metricValue(text, 'http_request_duration_seconds_count', labels)).toBe(2);
    expect(metricValue(text, 'http_request_duration_seconds_sum', labels)).toBeCloseTo(0.006);
    expect(
      metricValue(text, 'http_request_duration_seconds_bucket', { ...labels, le: '0.0025' }),
    ).toBe(1);
    expect(
      metricValue(text, 'http_request_duration_seconds_count', {
        route: '/api/n8n/trigger/:processId',
        status_code: '502',
      }),
    ).toBe(1);
  });

  it('counts runs by trigger and outcome, with durations for those that ran to an end', async () => {
    const metrics = quiet();
    metrics.runEnded({ trigger: 'manual', outcome: 'succeeded', durationMs: 120 });
    metrics.runEnded({ trigger: 'schedule', outcome: 'timeout', durationMs: 30_000 });
    metrics.runEnded({ trigger: 'schedule', outcome: 'interrupted', durationMs: null });
    const text = await metrics.render();
    expect(
      metricValue(text, 'webhook_runs_total', { trigger: 'manual', outcome: 'succeeded' }),
    ).toBe(1);
    expect(metricValue(text, 'webhook_runs_total', { outcome: 'interrupted' })).toBe(1);
    expect(metricValue(text, 'webhook_run_duration_seconds_sum', { outcome: 'timeout' })).toBe(30);
    expect(
      metricValue(text, 'webhook_run_duration_seconds_count', { outcome: 'interrupted' }),
    ).toBe(undefined);
  });

  it('records scheduler lateness in seconds, never below zero', async () => {
    const metrics = quiet();
    metrics.scheduleFired(2_500);
    metrics.scheduleFired(-40); // a clock a little ahead: on time
    const text = await metrics.render();
    expect(metricValue(text, 'scheduler_lateness_seconds_count')).toBe(2);
    expect(metricValue(text, 'scheduler_lateness_seconds_sum')).toBe(2.5);
    expect(metricValue(text, 'scheduler_lateness_seconds_bucket', { le: '0.1' })).toBe(1);
  });

  it('reads the outbox depth when scraped, and counts deliveries and failures', async () => {
    const outboxCounts = vi.fn(async () => [{ status: 'pending', count: 7 }]);
    const metrics = createMetrics({ processMetrics: false, outboxCounts });
    metrics.mailSent();
    metrics.mailFailed(false);
    metrics.mailFailed(false);
    metrics.mailFailed(true);
    expect(outboxCounts).not.toHaveBeenCalled();
    const text = await metrics.render();
    expect(outboxCounts).toHaveBeenCalledTimes(1);
    expect(metricValue(text, 'outbox_messages', { status: 'pending' })).toBe(7);
    expect(metricValue(text, 'outbox_messages', { status: 'failed' })).toBe(0);
    expect(samplesOf(text, 'outbox_messages', { status: 'sent' })).toEqual([]);
    expect(metricValue(text, 'outbox_sent_total')).toBe(1);
    expect(metricValue(text, 'outbox_send_failures_total', { final: 'false' })).toBe(2);
    expect(metricValue(text, 'outbox_send_failures_total', { final: 'true' })).toBe(1);
  });

  it('still answers when the outbox cannot be counted, without a stale depth', async () => {
    let fail = false;
    const onCollectError = vi.fn();
    const metrics = createMetrics({
      processMetrics: false,
      outboxCounts: async () => {
        if (fail) throw new Error('database down');
        return [{ status: 'pending', count: 3 }];
      },
      onCollectError,
    });
    expect(metricValue(await metrics.render(), 'outbox_messages', { status: 'pending' })).toBe(3);
    fail = true;
    metrics.mailSent();
    const text = await metrics.render();
    expect(samplesOf(text, 'outbox_messages')).toEqual([]);
    expect(metricValue(text, 'outbox_sent_total')).toBe(1);
    expect(onCollectError).toHaveBeenCalledWith(expect.any(Error), 'outbox_messages');
  });

  it('copies the read cache counts on each scrape (the hit ratio is computed by the query)', async () => {
    const counts = { user: { hits: 3, misses: 1 }, session: { hits: 0, misses: 2 } };
    const metrics = createMetrics({ processMetrics: false, cacheCounts: () => counts });
    let text = await metrics.render();
    expect(metricValue(text, 'read_cache_hits_total', { cache: 'user' })).toBe(3);
    expect(metricValue(text, 'read_cache_misses_total', { cache: 'user' })).toBe(1);
    expect(metricValue(text, 'read_cache_hits_total', { cache: 'session' })).toBe(0);
    counts.user.hits = 10;
    text = await metrics.render();
    expect(metricValue(text, 'read_cache_hits_total', { cache: 'user' })).toBe(10);
  });

  it('adds the process metrics (memory, CPU, event loop) only when asked', async () => {
    expect(await quiet().render()).not.toMatch(/^process_resident_memory_bytes /m);
    const text = await createMetrics({ processMetrics: true }).render();
    expect(metricValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metricValue(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('keeps one registry per app: two apps in one process count apart', async () => {
    const a = quiet();
    const b = quiet();
    a.mailSent();
    expect(metricValue(await a.render(), 'outbox_sent_total')).toBe(1);
    expect(metricValue(await b.render(), 'outbox_sent_total')).toBe(0);
  });

  it('renders text Prometheus can parse, with HELP and TYPE for every metric', async () => {
    const metrics = quiet();
    metrics.observeRequest('GET', '/healthz', 200, 0.001);
    const text = await metrics.render();
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(() => parseSamples(text)).not.toThrow();
    for (const name of [
      'http_request_duration_seconds',
      'webhook_runs_total',
      'webhook_run_duration_seconds',
      'scheduler_lateness_seconds',
      'outbox_messages',
      'outbox_sent_total',
      'outbox_send_failures_total',
      'read_cache_hits_total',
      'read_cache_misses_total',
    ]) {
      expect(text).toContain(`# HELP ${name} `);
      expect(text).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, 'm'));
    }
  });
});

describe('run outcomes', () => {
  const result = (over: object) => ({
    status: 200,
    ok: true,
    body: '',
    answer: null,
    durationMs: 5,
    startedOnly: false,
    ...over,
  });
  it('names how a webhook call ended', () => {
    expect(endOf(result({}))).toBe('succeeded');
    expect(endOf(result({ startedOnly: true }))).toBe('accepted');
    expect(endOf(result({ status: 500, ok: false }))).toBe('failed');
    const error = (kind: 'timeout' | 'network' | 'blocked' | 'invalid-url') => ({
      status: null,
      ok: false,
      error: { kind, message: kind },
    });
    expect(endOf(result(error('timeout')))).toBe('timeout');
    expect(endOf(result(error('network')))).toBe('unreachable');
    expect(endOf(result(error('blocked')))).toBe('unreachable');
    expect(endOf(result(error('invalid-url')))).toBe('unreachable');
  });
});

describe('the metrics token', () => {
  const token = 'a-metrics-token-0123456789';
  const expected = createHash('sha256').update(token).digest();

  it('is accepted only as a bearer token, exactly', () => {
    expect(bearerMatches(`Bearer ${token}`, expected)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, expected)).toBe(true);
    expect(bearerMatches(undefined, expected)).toBe(false);
    expect(bearerMatches('', expected)).toBe(false);
    expect(bearerMatches(token, expected)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, expected)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, expected)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(1)}`, expected)).toBe(false);
    expect(bearerMatches(`Bearer ${token} extra`, expected)).toBe(false);
    expect(bearerMatches(`Bearer ${'x'.repeat(10_000)}`, expected)).toBe(false);
  });

  it('is METRICS_TOKEN, at least 16 characters; unset or empty turns metrics off', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' ' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});
