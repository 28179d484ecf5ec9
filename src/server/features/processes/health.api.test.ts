import { beforeAll, describe, expect, it } from 'vitest';
import { runs, teamMembers } from '#server/db/schema.ts';
import { runErrorTexts } from '#shared/run-answers.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// GET /api/admin/processes with each process's health, read from the rollups and the
// latest outcome the run triggers keep (docs/decisions/029-operations-console.md), and
// sorted worst first with sort=health. Runs are inserted as the writer does, so the
// triggers fill the rollups and process_health.

const t = await build();
const db = t.deps.database.db;
const DAY_MS = 86_400_000;
let adminToken = '';

beforeAll(async () => {
  adminToken = (await t.createUser({ role: 'Admin' })).token;
});

const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY_MS - minutes * 60_000);

interface Listed {
  _id: string;
  name: string;
  clientName: string | null;
  health: Record<string, unknown> & { failuresInARow: number; level: string };
}

async function listOf(query: string): Promise<Listed[]> {
  const response = await t.injectAs(adminToken, {
    method: 'GET',
    url: `/api/admin/processes?${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** One client with a healthy, a failing, a flaky and an idle process. */
async function clientWithProcesses() {
  const client = await createClient(t);
  const base = (processId: string) => ({
    processId,
    clientUserId: client.user.id,
    trigger: 'manual' as const,
  });
  const healthy = await createProcessFor(t, client.user.id, { name: 'Healthy sync' });
  const failing = await createProcessFor(t, client.user.id, { name: 'Failing sync' });
  const flaky = await createProcessFor(t, client.user.id, { name: 'Flaky sync' });
  const idle = await createProcessFor(t, client.user.id, { name: 'Idle sync' });
  // Healthy: 18 quick runs, one of 3 s and one of 7 s today; one ten days ago (30 days
  // only) and a failure forty days ago (outside both windows).
  await db.insert(runs).values([
    ...Array.from({ length: 18 }, (_, i) => ({
      ...base(healthy.id),
      ok: true,
      statusCode: 200,
      durationMs: 300,
      startedAt: ago(0, 30 + i),
    })),
    { ...base(healthy.id), ok: true, statusCode: 200, durationMs: 3_000, startedAt: ago(1) },
    { ...base(healthy.id), ok: true, statusCode: 200, durationMs: 7_000, startedAt: ago(2) },
    { ...base(healthy.id), ok: true, statusCode: 200, durationMs: 300, startedAt: ago(10) },
    {
      ...base(healthy.id),
      ok: false,
      statusCode: 500,
      durationMs: 300,
      startedAt: ago(40),
      errorKind: 'status' as const,
      error: 'Old failure',
    },
  ]);
  // Failing: a success two days ago, then three failures in a row; n8n not answering,
  // with its address in the error an admin reads.
  await db.insert(runs).values([
    { ...base(failing.id), ok: true, statusCode: 200, durationMs: 800, startedAt: ago(2) },
    ...[30, 20, 10].map((minutes) => ({
      ...base(failing.id),
      ok: false,
      statusCode: null,
      durationMs: 2_000,
      startedAt: ago(0, minutes),
      errorKind: 'unreachable' as const,
      error: 'connect ECONNREFUSED 10.20.30.40:5678',
    })),
  ]);
  // Flaky: 7 of 10 runs succeeded this week, the last one among them.
  await db.insert(runs).values(
    Array.from({ length: 10 }, (_, i) => ({
      ...base(flaky.id),
      ok: i >= 3,
      statusCode: i >= 3 ? 200 : 500,
      durationMs: 600,
      startedAt: ago(1, 60 - i),
      ...(i < 3 ? { errorKind: 'status' as const, error: 'The webhook answered 500' } : {}),
    })),
  );
  return { client, healthy, failing, flaky, idle };
}

describe('GET /api/admin/processes: health', () => {
  it("answers each process's rates, runs, durations, last outcomes and failures in a row", async () => {
    const { client, healthy, failing, flaky, idle } = await clientWithProcesses();
    const list = await listOf(`clientUserId=${client.user.id}`);
    const byId = new Map(list.map((p) => [p._id, p]));

    expect(byId.get(healthy.id)?.health).toEqual({
      level: 'healthy',
      rate7d: 1,
      rate30d: 1,
      runs7d: 20,
      runs30d: 21,
      failures7d: 0,
      failures30d: 0,
      // 19 of 21 runs under 500 ms; the 20th of 21 (p95) is the 3 s one.
      medianMs: { underMs: 500 },
      p95Ms: { underMs: 5_000 },
      lastSuccessAt: expect.any(String),
      lastFailureAt: expect.any(String),
      lastError: 'Old failure',
      lastErrorKind: 'status',
      failuresInARow: 0,
      failingSince: null,
    });

    const failingHealth = byId.get(failing.id)?.health;
    expect(failingHealth).toMatchObject({
      level: 'failing',
      failuresInARow: 3,
      runs7d: 4,
      failures7d: 3,
      rate7d: 0.25,
      lastErrorKind: 'unreachable',
      // The admin reads the error as recorded.
      lastError: 'connect ECONNREFUSED 10.20.30.40:5678',
      medianMs: { underMs: 2_500 },
    });
    expect(new Date(String(failingHealth?.failingSince)).getTime()).toBeLessThan(
      new Date(String(failingHealth?.lastFailureAt)).getTime(),
    );

    expect(byId.get(flaky.id)?.health).toMatchObject({
      level: 'degraded',
      failuresInARow: 0,
      runs7d: 10,
      rate7d: 0.7,
    });

    expect(byId.get(idle.id)?.health).toEqual({
      level: 'idle',
      rate7d: null,
      rate30d: null,
      runs7d: 0,
      runs30d: 0,
      failures7d: 0,
      failures30d: 0,
      medianMs: null,
      p95Ms: null,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
      lastErrorKind: null,
      failuresInARow: 0,
      failingSince: null,
    });
  });

  it('sorts worst first with sort=health, newest first otherwise, and pages either way', async () => {
    const { client, healthy, failing, flaky, idle } = await clientWithProcesses();
    const names = (list: Listed[]) => list.map((p) => p.name);

    const newest = await listOf(`clientUserId=${client.user.id}`);
    expect(names(newest)).toEqual(['Idle sync', 'Flaky sync', 'Failing sync', 'Healthy sync']);

    const worst = await listOf(`clientUserId=${client.user.id}&sort=health`);
    expect(worst.map((p) => p._id)).toEqual([failing.id, flaky.id, healthy.id, idle.id]);
    expect(worst[0]?.clientName).toBeTruthy();

    const first = await t.injectAs(adminToken, {
      method: 'GET',
      url: `/api/admin/processes?clientUserId=${client.user.id}&sort=health&limit=2`,
    });
    const after = encodeURIComponent(String(first.headers['x-next-cursor']));
    const second = await listOf(
      `clientUserId=${client.user.id}&sort=health&limit=2&after=${after}`,
    );
    expect(second.map((p) => p._id)).toEqual([healthy.id, idle.id]);

    // Across clients, the failing process comes before every process without a streak.
    const all = await listOf('sort=health');
    const firstHealthy = all.findIndex((p) => p.health.failuresInARow === 0);
    expect(all.findIndex((p) => p._id === failing.id)).toBeLessThan(firstHealthy);
  });

  it("says a failure without error text from its run's status and answer", async () => {
    const client = await createClient(t);
    const process = await createProcessFor(t, client.user.id, { name: 'Status sync' });
    await db.insert(runs).values({
      processId: process.id,
      clientUserId: client.user.id,
      trigger: 'manual',
      ok: false,
      statusCode: 500,
      durationMs: 120,
      bodySnippet: 'workflow exploded',
      errorKind: 'status',
      startedAt: ago(0, 5),
    });
    const [listed] = await listOf(`clientUserId=${client.user.id}`);
    expect(listed?.health).toMatchObject({
      level: 'degraded',
      failuresInARow: 1,
      lastErrorKind: 'status',
      lastError: 'The workflow answered 500: workflow exploded',
    });
    const overview = await t.injectAs(client.token, { method: 'GET', url: '/api/client/overview' });
    expect(overview.json().processes[0].health.lastError).toBe(
      'The workflow answered 500: workflow exploded',
    );
  });

  it('refuses an unknown sort with a 400', async () => {
    const response = await t.injectAs(adminToken, {
      method: 'GET',
      url: '/api/admin/processes?sort=fastest',
    });
    expect(response.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const client = await createClient(t);
    const response = await t.injectAs(client.token, {
      method: 'GET',
      url: '/api/admin/processes?sort=health',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/client/overview: health', () => {
  it("says each of the client's processes' health in plain words, worst first, without n8n's address", async () => {
    const { client, healthy, failing, flaky, idle } = await clientWithProcesses();
    // Another client's failing process never shows.
    const other = await clientWithProcesses();

    const response = await t.injectAs(client.token, { method: 'GET', url: '/api/client/overview' });
    expect(response.statusCode).toBe(200);
    const overview = response.json() as {
      processes: { _id: string; name: string; words: string; health: Listed['health'] }[];
    };
    expect(overview.processes.map((p) => p._id)).toEqual([
      failing.id,
      flaky.id,
      healthy.id,
      idle.id,
    ]);
    const ids = overview.processes.map((p) => p._id);
    expect(ids).not.toContain(other.failing.id);

    const [first, second, third, fourth] = overview.processes;
    expect(first?.words).toMatch(/^Failing: the last 3 runs failed, since .+ UTC\.$/);
    // A client reads what n8n not answering means, never its address.
    expect(first?.health.lastError).toBe(runErrorTexts.unreachable);
    expect(JSON.stringify(overview)).not.toContain('10.20.30.40');
    expect(second?.words).toBe('Needs attention: 70% of 10 runs succeeded in the last 30 days.');
    expect(third?.words).toBe('Healthy: 100% of 21 runs succeeded in the last 30 days.');
    expect(third?.health).toMatchObject({ medianMs: { underMs: 500 }, p95Ms: { underMs: 5_000 } });
    expect(fourth?.words).toBe('No runs in the last 30 days.');
  });

  it("shows a team member the owner's processes", async () => {
    const { client, failing } = await clientWithProcesses();
    const member = await t.createUser();
    await db
      .insert(teamMembers)
      .values({ ownerUserId: client.user.id, memberUserId: member.user.id, role: 'member' });
    const response = await t.injectAs(member.token, { method: 'GET', url: '/api/client/overview' });
    expect(response.statusCode).toBe(200);
    expect(response.json().processes[0]._id).toBe(failing.id);
  });
});
