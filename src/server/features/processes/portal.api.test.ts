import { describe, expect, it } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { beforeParam, insertPackedRuns, repeatsOf, walkPages } from '#test/support/packed-rows.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const n8n = await startFakeN8n();

const trigger = (token: string, id: string) =>
  t.injectAs(token, {
    method: 'POST',
    url: `/api/n8n/trigger/${id}`,
    headers: { 'content-type': 'application/json' },
  });

describe('GET /api/n8n/my-processes', () => {
  it("lists only the caller's processes, without webhook address or credentials", async () => {
    const me = await createClient(t);
    const other = await createClient(t);
    const mine = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/mine'),
      webhookAuthKey: 'n8n_top_secret',
      webhookAuthBasicPass: 'pass',
    });
    await createProcessFor(t, other.user.id, { name: 'Not mine' });
    const response = await t.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
    expect(response.json()).toEqual([
      {
        _id: mine.id,
        name: 'Lead intake',
        description: null,
        n8nWorkflowId: null,
        httpMethod: 'POST',
        isActive: true,
        inputFields: [],
        lastRun: null,
      },
    ]);
    expect(response.body).not.toMatch(/top_secret|127\.0\.0\.1|pass/);
  });
});

describe('POST /api/n8n/trigger/{processId}', () => {
  it('is documented with what the workflow receives and when it answers 202', async () => {
    await t.app.ready();
    const paths = (
      t.app.swagger() as unknown as {
        paths: Record<string, Record<string, { description?: string; produces?: string[] }>>;
      }
    ).paths;
    const operation = paths['/api/n8n/trigger/{processId}']?.post;
    expect(operation?.description).toMatch(/still running after 25 s/);
    expect(operation?.description).toMatch(/Idempotency-Key/);
  });

  it('passes a 2xx webhook answer through as text and records the run', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/status/201/created'),
    });
    const response = await trigger(me.token, process.id);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toBe('answered 201');
    const list = await t.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
    expect(list.json()[0].lastRun).toMatchObject({ ok: true, statusCode: 201, trigger: 'manual' });
  });

  it('answers 404 for a process of another client, before anything else', async () => {
    const me = await createClient(t, { entitlements: {} });
    const other = await createClient(t);
    const theirs = await createProcessFor(t, other.user.id, {
      n8nWebhookUrl: n8n.url('/ok/theirs'),
    });
    expect((await trigger(me.token, theirs.id)).statusCode).toBe(404);
    expect((await trigger(me.token, 'not-a-uuid')).statusCode).toBe(404);
    expect(n8n.to('/ok/theirs')).toHaveLength(0);
  });

  it('answers 403 without manual trigger and 402 without a running subscription', async () => {
    const noTrigger = await createClient(t, { plan: 'Pro', entitlements: {} });
    const p1 = await createProcessFor(t, noTrigger.user.id, { n8nWebhookUrl: n8n.url('/ok/x') });
    expect((await trigger(noTrigger.token, p1.id)).statusCode).toBe(403);

    const lapsed = await createClient(t, { status: 'past_due' });
    const p2 = await createProcessFor(t, lapsed.user.id, { n8nWebhookUrl: n8n.url('/ok/y') });
    const response = await trigger(lapsed.token, p2.id);
    expect(response.statusCode).toBe(402);

    const trialing = await createClient(t, { status: 'trialing' });
    const p3 = await createProcessFor(t, trialing.user.id, { n8nWebhookUrl: n8n.url('/ok/z') });
    expect((await trigger(trialing.token, p3.id)).statusCode).toBe(200);
  });

  it('answers 502 with the upstream status and a snippet, 504 on timeout, 409 when paused', async () => {
    const me = await createClient(t);
    const failing = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/fail/x') });
    const failed = await trigger(me.token, failing.id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^The workflow answered 500: workflow crashed/);

    const slow = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/slow/x'),
      webhookTimeoutSeconds: 2,
    });
    expect((await trigger(me.token, slow.id)).statusCode).toBe(504);

    const paused = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/p'),
      isActive: false,
    });
    expect((await trigger(me.token, paused.id)).statusCode).toBe(409);
  });

  it('calls the fallback URL of a paused process', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/primary'),
      inactiveFallbackWebhookUrl: n8n.url('/ok/fallback'),
      isActive: false,
    });
    expect((await trigger(me.token, process.id)).statusCode).toBe(200);
    expect(n8n.to('/ok/fallback')).toHaveLength(1);
    expect(n8n.to('/ok/primary')).toHaveLength(0);
  });
});

type HistoryPage = {
  runs: { statusCode: number; durationMs: number }[];
  nextCursor: string | null;
};
const historyPage = (token: string, processId: string, query: string) =>
  t.injectAs(token, { method: 'GET', url: `/api/n8n/processes/${processId}/runs?${query}` });

describe('GET /api/n8n/processes/{id}/runs', () => {
  it('shows recent runs filtered by status, and 404 for another client', async () => {
    const me = await createClient(t);
    const other = await createClient(t);
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/h') });
    await trigger(me.token, process.id);
    const failing = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/fail/h') });
    await trigger(me.token, failing.id);
    const all = await t.injectAs(me.token, {
      method: 'GET',
      url: `/api/n8n/processes/${process.id}/runs`,
    });
    expect(all.json()).toMatchObject({
      retentionDays: 7,
      runs: [{ trigger: 'manual', ok: true, statusCode: 200 }],
    });
    expect(all.json().runs[0].triggeredByName).toBe(me.user.name);
    const failedOnly = await t.injectAs(me.token, {
      method: 'GET',
      url: `/api/n8n/processes/${failing.id}/runs?status=failed`,
    });
    expect(failedOnly.json().runs).toHaveLength(1);
    const okOnly = await t.injectAs(me.token, {
      method: 'GET',
      url: `/api/n8n/processes/${failing.id}/runs?status=ok`,
    });
    expect(okOnly.json().runs).toHaveLength(0);
    const theirs = await t.injectAs(other.token, {
      method: 'GET',
      url: `/api/n8n/processes/${process.id}/runs`,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('pages back through older runs without repeating or skipping one', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id);
    const base = Date.now() - 3_600_000;
    await t.deps.database.db.insert(runs).values(
      Array.from({ length: 7 }, (_, i) => ({
        processId: process.id,
        clientUserId: me.user.id,
        trigger: 'manual' as const,
        ok: true,
        statusCode: 200 + i,
        startedAt: new Date(base + i * 60_000),
      })),
    );
    const page = (before: string | null) =>
      historyPage(me.token, process.id, `limit=3${beforeParam(before)}`);
    const first = (await page(null)).json() as HistoryPage;
    const second = (await page(first.nextCursor)).json() as HistoryPage;
    const third = (await page(second.nextCursor)).json() as HistoryPage;
    expect(
      [first, second, third].flatMap((answer) => answer.runs.map((r) => r.statusCode)),
    ).toEqual([206, 205, 204, 203, 202, 201, 200]);
    // The last page says so; a cursor the server could not have given is a 400.
    expect(third.nextCursor).toBeNull();
    const bad = await page('2026-11-26T10:00:00.000Z|x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(pageCursorMessage);
  });

  it('pages back through 250 runs made seven to a millisecond, each once', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id);
    await insertPackedRuns(
      t.deps.database.db,
      { processId: process.id, clientUserId: me.user.id },
      { count: 250, perMs: 7, base: new Date(Date.now() - 3_600_000) },
    );
    const seen = await walkPages(async (before) => {
      const answer = (
        await historyPage(me.token, process.id, `limit=100${beforeParam(before)}`)
      ).json() as HistoryPage;
      return { items: answer.runs.map((run) => run.durationMs), next: answer.nextCursor };
    });
    expect(repeatsOf(seen)).toEqual([]);
    expect(seen).toHaveLength(250);
  });
});

describe('GET /api/client/analytics', () => {
  it('needs the analytics entitlement and counts runs and failures per day and process', async () => {
    const without = await createClient(t);
    expect(
      (await t.injectAs(without.token, { method: 'GET', url: '/api/client/analytics' })).statusCode,
    ).toBe(403);

    const me = await createClient(t, { entitlements: { manualTrigger: true, analytics: true } });
    const ok = await createProcessFor(t, me.user.id, {
      name: 'Good',
      n8nWebhookUrl: n8n.url('/ok/a'),
    });
    const bad = await createProcessFor(t, me.user.id, {
      name: 'Bad',
      n8nWebhookUrl: n8n.url('/fail/a'),
    });
    await trigger(me.token, ok.id);
    await trigger(me.token, ok.id);
    await trigger(me.token, bad.id);
    const response = await t.injectAs(me.token, { method: 'GET', url: '/api/client/analytics' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.byDay).toEqual([
      { date: new Date().toISOString().slice(0, 10), runs: 3, failures: 1 },
    ]);
    expect(body.byProcess).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ processId: ok.id, name: 'Good', runs: 2, failures: 0 }),
        expect.objectContaining({ processId: bad.id, name: 'Bad', runs: 1, failures: 1 }),
      ]),
    );
  });
});
