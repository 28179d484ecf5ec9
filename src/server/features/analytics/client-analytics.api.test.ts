import { describe, expect, it } from 'vitest';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// GET /api/client/analytics: the per-process rows also carry the newest run, for the
// "Last run" column of /client/analytics.

const t = await build();
const n8n = await startFakeN8n();

const trigger = (token: string, id: string) =>
  t.injectAs(token, {
    method: 'POST',
    url: `/api/n8n/trigger/${id}`,
    headers: { 'content-type': 'application/json' },
  });

const analytics = (token: string) =>
  t.injectAs(token, { method: 'GET', url: '/api/client/analytics' });

describe('GET /api/client/analytics per process', () => {
  it('gives each process its newest run with its outcome', async () => {
    const me = await createClient(t, { entitlements: { manualTrigger: true, analytics: true } });
    const good = await createProcessFor(t, me.user.id, {
      name: 'Good',
      n8nWebhookUrl: n8n.url('/ok/last'),
    });
    const bad = await createProcessFor(t, me.user.id, {
      name: 'Bad',
      n8nWebhookUrl: n8n.url('/fail/last'),
    });
    const before = Date.now();
    await trigger(me.token, good.id);
    await trigger(me.token, bad.id);

    const response = await analytics(me.token);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      retentionDays: number;
      byProcess: {
        processId: string;
        runs: number;
        failures: number;
        lastRun: { startedAt: string; ok: boolean } | null;
      }[];
    };
    expect(body.retentionDays).toBe(7);
    const row = (id: string) => body.byProcess.find((r) => r.processId === id);
    expect(row(good.id)).toMatchObject({ runs: 1, failures: 0, lastRun: { ok: true } });
    expect(row(bad.id)).toMatchObject({ runs: 1, failures: 1, lastRun: { ok: false } });
    const startedAt = Date.parse(row(good.id)?.lastRun?.startedAt ?? '');
    expect(startedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(startedAt).toBeLessThanOrEqual(Date.now());
  });

  it('answers 403 without the analytics entitlement, whatever the plan', async () => {
    const pro = await createClient(t, { plan: 'Pro' });
    const response = await analytics(pro.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Analytics is not enabled for your account.');
  });

  it('reports the Pro retention window and an empty account', async () => {
    const me = await createClient(t, { plan: 'Pro', entitlements: { analytics: true } });
    const response = await analytics(me.token);
    expect(response.json()).toMatchObject({ retentionDays: 30, byDay: [], byProcess: [] });
  });
});
