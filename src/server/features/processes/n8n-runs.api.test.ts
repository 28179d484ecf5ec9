import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { runs, schedules } from '#server/db/schema.ts';
import { interruptAbandonedRuns } from '#server/domain/runs/in-flight.ts';
import { createN8nApi } from '#server/integrations/n8n/api.ts';
import { followUpRuns } from '#server/jobs/n8n-follow-up.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import { processMessages } from '#shared/processes.ts';
import { runMessages } from '#shared/runs.ts';
import { FAKE_NODE_ERRORS, startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build, type TestContext } from '#test/support/test-app.ts';

// Runs whose record matches n8n's (docs/decisions/012-n8n-runs.md), through the API
// against the fake n8n: what a workflow receives, inputs, JWT auth, one kind of auth at a
// time, test URLs and n8n's 404, "respond immediately" runs (accepted without the n8n API,
// followed up and confirmed with it), and a workflow that takes longer than the default 30 s.

const n8n = await startFakeN8n({ executionDelayMs: 200 });
const t = await build();
const withApi = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    N8N_API_URL: n8n.url('/api/v1/'),
    N8N_API_KEY: n8n.apiKey,
  }),
});

const trigger = (ctx: TestContext, token: string, id: string, body?: unknown) =>
  ctx.injectAs(token, {
    method: 'POST',
    url: `/api/n8n/trigger/${id}`,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const history = async (ctx: TestContext, token: string, id: string) =>
  (await ctx.injectAs(token, { method: 'GET', url: `/api/n8n/processes/${id}/runs` })).json().runs;

const lastBody = (prefix: string) => JSON.parse(n8n.to(prefix).at(-1)!.body);

/** Waits until n8n's executions of these workflows have all ended (executionDelayMs). */
const executionsEnd = (...workflowIds: string[]) =>
  vi.waitFor(() => {
    const ended = n8n.executions.filter((e) => workflowIds.includes(e.workflowId) && e.stoppedAt);
    expect(ended).toHaveLength(workflowIds.length);
  }, 5_000);

describe('what the workflow receives', () => {
  it('the run id (also as Idempotency-Key and X-Run-Id), the account and who pressed Run', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/payload'),
      n8nWorkflowId: 'wf-1',
    });
    expect((await trigger(t, me.token, process.id)).statusCode).toBe(200);
    const request = n8n.to('/ok/payload').at(-1)!;
    const payload = JSON.parse(request.body);
    const [run] = await history(t, me.token, process.id);
    expect(payload).toEqual({
      runId: run._id,
      processId: process.id,
      processName: 'Lead intake',
      workflowId: 'wf-1',
      trigger: 'manual',
      triggeredAt: run.startedAt,
      account: { id: me.user.id, companyName: me.user.companyName },
      triggeredBy: { userId: me.user.id, email: me.user.email },
    });
    expect(request.headers['idempotency-key']).toBe(run._id);
    expect(request.headers['x-run-id']).toBe(run._id);
  });

  it('inputs, checked with the shared schema: a 400 naming the field, then the values', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/inputs'),
      inputFields: [
        {
          name: 'customer',
          label: 'Customer',
          type: 'text',
          required: true,
          options: [],
          defaultValue: null,
        },
        {
          name: 'amount',
          label: 'Amount',
          type: 'number',
          required: false,
          options: [],
          defaultValue: '5',
        },
      ],
    });
    const refused = await trigger(t, me.token, process.id, { inputs: { amount: 'lots' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      customer: 'Customer is required.',
      amount: 'Amount must be a number.',
    });
    expect(n8n.to('/ok/inputs')).toHaveLength(0); // nothing was called

    const sent = await trigger(t, me.token, process.id, {
      inputs: { customer: 'Acme', amount: '12', extra: 'dropped' },
    });
    expect(sent.statusCode).toBe(200);
    expect(lastBody('/ok/inputs').inputs).toEqual({ customer: 'Acme', amount: 12 });
    const [run] = await history(t, me.token, process.id);
    expect(run.inputs).toEqual({ customer: 'Acme', amount: 12 });
  });

  it('a scheduled run: "schedule" as who triggered it, and the inputs\' defaults', async () => {
    const me = await createClient(t, { plan: 'Pro' });
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/scheduled'),
      inputFields: [
        {
          name: 'region',
          label: 'Region',
          type: 'select',
          required: true,
          options: ['US', 'EU'],
          defaultValue: 'EU',
        },
      ],
    });
    const at = new Date('2031-05-01T12:00:00Z');
    await t.deps.database.db.insert(schedules).values({
      processId: process.id,
      clientUserId: me.user.id,
      cron: '0 12 * * *',
      nextRunAt: at,
    });
    const loop = createSchedulerLoop({ db: t.deps.database.db, n8n: t.deps.integrations.n8n });
    expect(await loop.tick(at)).toBe(1);
    expect(lastBody('/ok/scheduled')).toMatchObject({
      trigger: 'schedule',
      triggeredBy: 'schedule',
      inputs: { region: 'EU' },
    });
  });
});

describe('webhook auth', () => {
  it('signs a fresh HS256 JWT per call that n8n JWT Auth accepts; a wrong secret is refused', async () => {
    const secret = 'a-jwt-passphrase-of-at-least-32-characters';
    n8n.requireAuth('/ok/jwt', { kind: 'jwt', secret });
    const me = await createClient(t);
    const good = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/jwt/good'),
      webhookAuthJwtSecret: secret,
    });
    expect((await trigger(t, me.token, good.id)).statusCode).toBe(200);
    const token = n8n.to('/ok/jwt/good').at(-1)!.headers.authorization!.replace('Bearer ', '');
    const claims = decodeJwt(token);
    const [run] = await history(t, me.token, good.id);
    expect(claims).toMatchObject({ runId: run._id, processId: good.id, accountId: me.user.id });
    expect(claims.exp! - claims.iat!).toBe(300);

    const wrong = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/jwt/wrong'),
      webhookAuthJwtSecret: 'another-passphrase-of-at-least-32-chars',
    });
    const refused = await trigger(t, me.token, wrong.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/^The workflow answered 403: /);
  });

  it('refuses a header key, basic auth or JWT secret set together, also by a PATCH', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const client = await createClient(t);
    const asAdmin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.injectAs(admin.token, { method, url, payload });
    const both = await asAdmin('POST', '/api/admin/processes', {
      name: 'Both',
      clientUserId: client.user.id,
      webhookAuthKey: 'key',
      webhookAuthBasicUser: 'robot',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.webhookAuthKey).toBe(processMessages.authConflict);

    const created = await asAdmin('POST', '/api/admin/processes', {
      name: 'Key only',
      clientUserId: client.user.id,
      webhookAuthKey: 'key',
      webhookTimeoutSeconds: 90,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ webhookTimeoutSeconds: 90, inputFields: [] });
    const id = created.json()._id;
    const addJwt = await asAdmin('PATCH', `/api/admin/processes/${id}`, {
      webhookAuthJwtSecret: 'x'.repeat(40),
    });
    expect(addJwt.statusCode).toBe(400);
    expect(addJwt.json().message).toBe(processMessages.authConflict);
    const switched = await asAdmin('PATCH', `/api/admin/processes/${id}`, {
      webhookAuthKey: null,
      webhookAuthJwtSecret: 'x'.repeat(40),
    });
    expect(switched.statusCode).toBe(200);
    const tooLong = await asAdmin('PATCH', `/api/admin/processes/${id}`, {
      webhookTimeoutSeconds: 601,
    });
    expect(tooLong.json().errors.webhookTimeoutSeconds).toBe(processMessages.timeout);
  });
});

describe("n8n's own answers", () => {
  it('warns on saving a /webhook-test/ URL, and keeps only the message of its 404', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const client = await createClient(t);
    const created = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/processes',
      payload: {
        name: 'Test URL',
        clientUserId: client.user.id,
        n8nWebhookUrl: n8n.url('/webhook-test/abc'),
      },
    });
    expect(created.json().warnings).toContain(processMessages.webhookTest);

    const answer = await trigger(t, client.token, created.json()._id);
    expect(answer.statusCode).toBe(502);
    const message = answer.json().message;
    expect(message).toMatch(
      /^The workflow answered 404: The requested webhook .* is not registered/,
    );
    expect(message).toMatch(/Execute workflow/); // n8n's hint stays
    expect(message).not.toMatch(/stacktrace|\/usr\/local|at \w+\./);
    const [run] = await history(t, client.token, created.json()._id);
    expect(run.bodySnippet).not.toMatch(/\/usr\/local/);
  });
});

describe('"respond immediately" workflows', () => {
  it('without the n8n API the run is accepted by n8n, not succeeded', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/immediate/error/plain'),
      n8nWorkflowId: 'wf-plain',
    });
    const answer = await trigger(t, me.token, process.id);
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe(runMessages.accepted);
    const [run] = await history(t, me.token, process.id);
    expect(run).toMatchObject({ state: 'accepted', confirmedByN8n: false });
  });

  it('with the n8n API the run follows n8n until its execution ends, failed or succeeded', async () => {
    const me = await createClient(withApi);
    const failing = await createProcessFor(withApi, me.user.id, {
      n8nWebhookUrl: n8n.url('/immediate/error/fails'),
      n8nWorkflowId: 'wf-fails',
    });
    const echoing = await createProcessFor(withApi, me.user.id, {
      n8nWebhookUrl: n8n.url('/immediate/success/echo/ok'),
      n8nWorkflowId: 'wf-echo',
    });
    const answer = await trigger(withApi, me.token, failing.id);
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe(runMessages.following);
    expect((await trigger(withApi, me.token, echoing.id)).statusCode).toBe(202);
    expect((await history(withApi, me.token, failing.id))[0]).toMatchObject({
      state: 'following',
      ok: null,
    });

    await executionsEnd('wf-fails', 'wf-echo');
    const api = createN8nApi({ url: n8n.url(''), apiKey: n8n.apiKey });
    expect(await followUpRuns({ db: withApi.deps.database.db, api })).toBe(2);

    const [failed] = await history(withApi, me.token, failing.id);
    const fromN8n = n8n.executions.find((e) => e.workflowId === 'wf-fails')!;
    expect(failed).toMatchObject({
      state: 'finished',
      ok: false,
      confirmedByN8n: true,
      n8nExecutionId: fromN8n.id,
      errorKind: 'execution',
      error: FAKE_NODE_ERRORS.immediate.message,
      finishedAt: fromN8n.stoppedAt!.toISOString(),
    });
    const [succeeded] = await history(withApi, me.token, echoing.id);
    expect(succeeded).toMatchObject({ state: 'finished', ok: true, confirmedByN8n: true });
    // The process list's last run says so too.
    const list = await withApi.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
    const listed = list.json<{ _id: string; lastRun: unknown }[]>();
    expect(listed.find((p) => p._id === failing.id)?.lastRun).toMatchObject({
      state: 'finished',
      ok: false,
      confirmedByN8n: true,
    });
  });

  it('keeps following an execution first seen running until it ends', async () => {
    const me = await createClient(withApi);
    const process = await createProcessFor(withApi, me.user.id, {
      n8nWebhookUrl: n8n.url('/immediate/error/slow-import'),
      n8nWorkflowId: 'wf-seen-running',
    });
    expect((await trigger(withApi, me.token, process.id)).statusCode).toBe(202);
    const api = createN8nApi({ url: n8n.url(''), apiKey: n8n.apiKey });
    const db = withApi.deps.database.db;
    // The first pass finds the execution still running: noted, not settled.
    expect(await followUpRuns({ db, api })).toBe(0);
    const execution = n8n.executions.find((e) => e.workflowId === 'wf-seen-running')!;
    expect((await history(withApi, me.token, process.id))[0]).toMatchObject({
      state: 'following',
      n8nExecutionId: execution.id,
    });
    await executionsEnd('wf-seen-running');
    expect(await followUpRuns({ db, api })).toBe(1);
    expect((await history(withApi, me.token, process.id))[0]).toMatchObject({
      state: 'finished',
      ok: false,
      confirmedByN8n: true,
      n8nExecutionId: execution.id,
      error: FAKE_NODE_ERRORS.immediate.message,
    });
  });

  it('leaves a run n8n never reports as accepted after 15 minutes', async () => {
    const me = await createClient(withApi);
    const process = await createProcessFor(withApi, me.user.id, {
      n8nWebhookUrl: n8n.url('/ok/unreported'),
      n8nWorkflowId: 'wf-unreported',
    });
    const db = withApi.deps.database.db;
    const [run] = await db
      .insert(runs)
      .values({
        processId: process.id,
        clientUserId: me.user.id,
        trigger: 'manual',
        state: 'following',
        startedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const api = createN8nApi({ url: n8n.url(''), apiKey: n8n.apiKey });
    await followUpRuns({ db, api });
    expect((await history(withApi, me.token, process.id))[0].state).toBe('following');
    await followUpRuns({ db, api, now: () => new Date(run!.startedAt.getTime() + 16 * 60_000) });
    expect((await history(withApi, me.token, process.id))[0]).toMatchObject({
      state: 'accepted',
      confirmedByN8n: false,
    });
  });
});

describe('long workflows', () => {
  it('honours the process timeout: Run answers 202 after 25 s, the run succeeds at 31 s', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, {
      n8nWebhookUrl: n8n.url('/sleep/31000/long'),
      webhookTimeoutSeconds: 60,
    });
    const answer = await trigger(t, me.token, process.id);
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe(runMessages.stillRunning);
    // Other requests are served meanwhile.
    const list = await t.injectAs(me.token, { method: 'GET', url: '/api/n8n/my-processes' });
    expect(list.json()[0].lastRun).toMatchObject({ state: 'running' });

    // A server sweeping abandoned runs leaves it alone: its own 60 s have not passed.
    expect(await interruptAbandonedRuns(t.deps.database.db, { timedOutBefore: new Date() })).toBe(
      0,
    );

    // The workflow takes 31 s: that wait is the behaviour under test.
    await expect
      .poll(async () => (await history(t, me.token, process.id))[0]?.state, {
        timeout: 40_000,
        interval: 200,
      })
      .toBe('finished');
    const [run] = await history(t, me.token, process.id);
    expect(run).toMatchObject({ state: 'finished', ok: true, statusCode: 200 });
    expect(run.durationMs).toBeGreaterThanOrEqual(31_000);
  }, 60_000);
});
