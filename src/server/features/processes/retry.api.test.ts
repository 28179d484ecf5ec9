import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processes, runs, users } from '#server/db/schema.ts';
import { runRefusalMessages } from '#shared/run-policy.ts';
import { retryMessages } from '#shared/runs.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Run again: a failed run starts anew with its inputs, and the pair shows in the history.

const t = await build();
const n8n = await startFakeN8n();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

const fields = [
  {
    name: 'region',
    label: 'Region',
    type: 'text' as const,
    required: true,
    options: [],
    defaultValue: null,
  },
];

const trigger = (token: string, id: string, inputs?: Record<string, unknown>) =>
  t.injectAs(token, {
    method: 'POST',
    url: `/api/n8n/trigger/${id}`,
    headers: { 'content-type': 'application/json' },
    ...(inputs ? { payload: { inputs } } : {}),
  });
const retry = (token: string, runId: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/n8n/runs/${runId}/retry` });
const history = async (token: string, processId: string) =>
  (await t.injectAs(token, { method: 'GET', url: `/api/n8n/processes/${processId}/runs` })).json()
    .runs as { _id: string; retryOf: unknown; retriedAs: unknown; ok: boolean }[];

async function failedRun(path = '/fail/retry') {
  const me = await createClient(t);
  const process = await createProcessFor(t, me.user.id, {
    n8nWebhookUrl: n8n.url(path),
    inputFields: fields,
  });
  expect((await trigger(me.token, process.id, { region: 'North' })).statusCode).toBe(502);
  const [run] = await db.select().from(runs).where(eq(runs.processId, process.id));
  return { me, process, run: run! };
}

describe('POST /api/n8n/runs/{runId}/retry', () => {
  it('runs a failed run again with the same inputs and a new run id, and the history shows the pair', async () => {
    const { me, process, run } = await failedRun('/fail/pair');
    const response = await retry(me.token, run.id);
    expect(response.statusCode).toBe(201);
    const retried = response.json().run;
    expect(retried).toMatchObject({
      trigger: 'manual',
      triggeredBy: me.user.id,
      inputs: { region: 'North' },
      retryOf: { _id: run.id, startedAt: run.startedAt.toISOString() },
      retriedAs: null,
      ok: false,
    });
    expect(retried._id).not.toBe(run.id);
    // The workflow is told which run this one runs again, under the new run's own id.
    const calls = n8n.to('/fail/pair').map((call) => JSON.parse(call.body));
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ runId: retried._id, retryOf: run.id });
    expect(calls[1].inputs).toEqual({ region: 'North' });
    expect(calls[0].retryOf).toBeUndefined();
    const [newest, oldest] = await history(me.token, process.id);
    expect(newest).toMatchObject({ _id: retried._id, retryOf: { _id: run.id } });
    expect(oldest).toMatchObject({ _id: run.id, retriedAs: { _id: retried._id } });
  });

  it('runs an interrupted run again, and one that succeeded only for an admin testing as the client', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/ok/again') });
    expect((await trigger(me.token, process.id)).statusCode).toBe(200);
    const [succeeded] = await db.select().from(runs).where(eq(runs.processId, process.id));
    const refused = await retry(me.token, succeeded!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(retryMessages.notRetryable);

    const testing = await t.impersonate(admin.token, me.user.id);
    const byAdmin = await retry(testing, succeeded!.id);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().run).toMatchObject({ ok: true, triggeredBy: admin.user.id });

    await db
      .update(runs)
      .set({ state: 'interrupted', ok: false })
      .where(eq(runs.id, succeeded!.id));
    expect((await retry(me.token, succeeded!.id)).statusCode).toBe(201);
  });

  it('refuses a run still under way', async () => {
    const { me, run } = await failedRun('/fail/under-way');
    await db.update(runs).set({ state: 'running', ok: null }).where(eq(runs.id, run.id));
    const response = await retry(me.token, run.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(retryMessages.underWay);
  });

  it("answers 404 for another account's run and for an id that is not one", async () => {
    const { run } = await failedRun('/fail/theirs');
    const other = await createClient(t);
    expect((await retry(other.token, run.id)).statusCode).toBe(404);
    expect((await retry(other.token, 'not-a-uuid')).statusCode).toBe(404);
    expect(n8n.to('/fail/theirs')).toHaveLength(1);
  });

  it('follows the rules of a run by hand now: the plan, a paused process, changed inputs', async () => {
    const { me, process, run } = await failedRun('/fail/rules');
    await db
      .update(processes)
      .set({ inputFields: [...fields, { ...fields[0]!, name: 'team', label: 'Team' }] })
      .where(eq(processes.id, process.id));
    const inputs = await retry(me.token, run.id);
    expect(inputs.statusCode).toBe(400);
    expect(inputs.json().message).toBe('Team is required.');

    await db.update(processes).set({ isActive: false }).where(eq(processes.id, process.id));
    const paused = await retry(me.token, run.id);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe(runRefusalMessages.paused);

    await db
      .update(processes)
      .set({ isActive: true, inputFields: fields })
      .where(eq(processes.id, process.id));
    await db.update(users).set({ entitlements: {} }).where(eq(users.id, me.user.id));
    t.app.readCache.invalidate(`users:${me.user.id}`);
    const plan = await retry(me.token, run.id);
    expect(plan.statusCode).toBe(403);
    expect(plan.json().message).toBe(runRefusalMessages.manualNotEnabled);
    expect(n8n.to('/fail/rules')).toHaveLength(1);
  });
});
