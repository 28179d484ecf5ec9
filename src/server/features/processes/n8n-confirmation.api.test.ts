import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { auditLogs, runs } from '#server/db/schema.ts';
import type { RunEvent } from '#server/domain/notifications/notifier.ts';
import { createN8nApi } from '#server/integrations/n8n/api.ts';
import { followUpRuns } from '#server/jobs/n8n-follow-up.ts';
import { runErrorTexts, timeoutText } from '#shared/run-answers.ts';
import { runMessages } from '#shared/runs.ts';
import {
  FAKE_NODE_ERRORS,
  type FakeExecution,
  LARGE_EXECUTION_BYTES,
  startFakeN8n,
} from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build, type TestContext } from '#test/support/test-app.ts';

// Every run of a process with a workflow id is confirmed against n8n's execution that
// carries its run id (docs/decisions/024-runs-confirmed-by-n8n.md), through the API
// against the fake n8n acting as n8n 2.x at each edge: a file answered, a Wait over 65 s
// that n8n parks, a custom "respond immediately" answer, a Respond to Webhook node that
// answers early, executions with megabytes of data, a failing last node; and how a run
// that got no answer, or found n8n down, reads to a client and to an admin.

const n8n = await startFakeN8n({ executionDelayMs: 400 });
const withApi = await build({
  config: loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    N8N_API_URL: n8n.url('/api/v1/'),
    N8N_API_KEY: n8n.apiKey,
  }),
});
const noApi = await build();
const api = createN8nApi({ url: n8n.url(''), apiKey: n8n.apiKey });
const db = withApi.deps.database.db;

const trigger = (ctx: TestContext, token: string, id: string) =>
  ctx.injectAs(token, { method: 'POST', url: `/api/n8n/trigger/${id}` });

const history = async (ctx: TestContext, token: string, id: string) =>
  (await ctx.injectAs(token, { method: 'GET', url: `/api/n8n/processes/${id}/runs` })).json().runs;

let sequence = 0;
/** A client with a process calling `path` of the fake, for workflow wf-<n>. */
async function processAt(ctx: TestContext, path: string, values = {}) {
  const me = await createClient(ctx);
  const workflowId = `wf-${++sequence}`;
  const process = await createProcessFor(ctx, me.user.id, {
    n8nWebhookUrl: n8n.url(path),
    n8nWorkflowId: workflowId,
    ...values,
  });
  const execution = () => n8n.executions.find((e) => e.workflowId === workflowId);
  return { me, process, workflowId, execution };
}

/** Waits until the execution has ended in n8n (the fake's executionDelayMs). */
const ended = (execution: () => FakeExecution | undefined) =>
  expect.poll(() => execution()?.stoppedAt, { timeout: 5_000 }).toBeTruthy();

/** True when the run's finished_at is n8n's stoppedAt, compared in the database. */
async function finishedAtStop(runId: string, stoppedAt: Date) {
  const [row] = await db
    .select({ same: sql<boolean>`${runs.finishedAt} = ${stoppedAt.toISOString()}::timestamptz` })
    .from(runs)
    .where(eq(runs.id, runId));
  return row?.same;
}

const auditOf = async (processId: string) =>
  (
    await db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(and(eq(auditLogs.processId, processId), eq(auditLogs.level, 'error')))
      .orderBy(desc(auditLogs.createdAt))
  ).map((a) => a.message);

describe('a file answered', () => {
  it('is recorded by type and size, never by its bytes, and Run says what it was', async () => {
    for (const ctx of [withApi, noApi]) {
      const { me, process } = await processAt(ctx, '/binary/invoice');
      const answer = await trigger(ctx, me.token, process.id);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toMatch(
        /^The workflow answered a file \(application\/pdf, 11\.7 KB\); files are not shown here\.$/,
      );
      const [run] = await history(ctx, me.token, process.id);
      expect(run).toMatchObject({
        state: 'finished',
        ok: true,
        bodySnippet: null,
        answer: { contentType: 'application/pdf', bytes: 12_022, cut: false, binary: true },
        confirmedByN8n: ctx === withApi,
      });
    }
  });

  it('passes the admin test', async () => {
    const admin = await withApi.createUser({ role: 'Admin' });
    const { process } = await processAt(withApi, '/binary/test');
    const test = await withApi.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/processes/${process.id}/test`,
      payload: {},
    });
    expect(test.statusCode).toBe(200);
    expect(test.json()).toMatchObject({ ok: true, state: 'finished', status: 200 });
    expect(test.json().body).toMatch(/^The workflow answered a file \(application\/pdf/);
  });

  it('says an answer longer than 64 KB was cut', async () => {
    const { me, process } = await processAt(withApi, '/big-answer/report');
    const answer = await trigger(withApi, me.token, process.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(
      /\n\n\[The answer was cut: only its first 64\.0 KB of 80\.0 KB were read\.\]$/,
    );
    const [run] = await history(withApi, me.token, process.id);
    expect(run.answer).toEqual({
      contentType: 'text/plain',
      bytes: 81_920,
      cut: true,
      binary: false,
    });
    expect(run.bodySnippet).toMatch(/^line\nline\n/);
  });
});

describe('answers that say nothing of the outcome are followed until n8n ends', () => {
  it.each([
    ['a Wait over 65 s that n8n parks', '/parked/error/wait', FAKE_NODE_ERRORS.parked],
    ['a custom "respond immediately" answer', '/immediate/error/echo/custom/x', null],
    ['a Respond to Webhook node answering early', '/responder/error/x', null],
  ])('%s, then failing', async (_name, path, nodeError) => {
    const { me, process, execution } = await processAt(withApi, path);
    const answer = await trigger(withApi, me.token, process.id);
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe(runMessages.following);
    const [following] = await history(withApi, me.token, process.id);
    expect(following).toMatchObject({
      state: 'following',
      ok: null,
      statusCode: 200,
      n8nExecutionId: execution()!.id,
    });

    await ended(execution);
    const told: RunEvent[] = [];
    const notifier = { notify: (event: RunEvent) => told.push(event) };
    expect(await followUpRuns({ db, api, notifier })).toBeGreaterThanOrEqual(1);
    const [run] = await history(withApi, me.token, process.id);
    // A client who asked for failure notices hears of it, in the words the history uses.
    expect(told.filter((e) => e.processId === process.id)).toEqual([
      { processId: process.id, ownerId: me.user.id, kind: 'failure', reason: run.error },
    ]);
    const error = nodeError ?? FAKE_NODE_ERRORS.immediate;
    const description = 'description' in error ? `: ${error.description}` : '';
    expect(run).toMatchObject({
      state: 'finished',
      ok: false,
      confirmedByN8n: true,
      errorKind: 'execution',
      error: `${error.message}${description}`,
      n8nExecutionId: execution()!.id,
    });
    expect(await finishedAtStop(run._id, execution()!.stoppedAt!)).toBe(true);
    expect(await auditOf(process.id)).toContainEqual(
      `Run of "Lead intake" failed in n8n: node "${error.node}" failed: ${run.error} (n8n execution ${execution()!.id})`,
    );
  });

  it('a parked Wait that succeeds ends succeeded', async () => {
    const { me, process, execution } = await processAt(withApi, '/parked/success/wait');
    expect((await trigger(withApi, me.token, process.id)).statusCode).toBe(202);
    await ended(execution);
    await followUpRuns({ db, api });
    const [run] = await history(withApi, me.token, process.id);
    expect(run).toMatchObject({ state: 'finished', ok: true, confirmedByN8n: true, error: null });
  });

  it('a plain answer whose execution ended is confirmed at once', async () => {
    const { me, process, execution } = await processAt(withApi, '/ok/sync');
    const answer = await trigger(withApi, me.token, process.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ received: true });
    const [run] = await history(withApi, me.token, process.id);
    expect(run).toMatchObject({
      state: 'finished',
      ok: true,
      confirmedByN8n: true,
      n8nExecutionId: execution()!.id,
    });
  });
});

describe('executions with megabytes of data', () => {
  it('are listed without their data and read one at a time, other runs matched meanwhile', async () => {
    const large = await processAt(withApi, '/large/error/report');
    const small = await createProcessFor(withApi, large.me.user.id, {
      n8nWebhookUrl: n8n.url('/immediate/success/echo/other'),
      n8nWorkflowId: large.workflowId,
    });
    expect((await trigger(withApi, large.me.token, large.process.id)).statusCode).toBe(202);
    expect((await trigger(withApi, large.me.token, small.id)).statusCode).toBe(202);
    const both = () => n8n.executions.filter((e) => e.workflowId === large.workflowId);
    await expect.poll(() => both().every((e) => e.stoppedAt), { timeout: 5_000 }).toBe(true);
    expect(both().find((e) => e.dataBytes)?.dataBytes).toBe(LARGE_EXECUTION_BYTES);

    const before = n8n.received.length;
    expect(await followUpRuns({ db, api })).toBeGreaterThanOrEqual(2);
    const asked = n8n.received.slice(before).map((r) => r.path);
    expect(asked.filter((p) => p.startsWith('/api/v1/executions?'))).not.toContainEqual(
      expect.stringContaining('includeData'),
    );
    const [failed] = await history(withApi, large.me.token, large.process.id);
    expect(failed).toMatchObject({
      state: 'finished',
      ok: false,
      errorKind: 'execution',
      error: `${FAKE_NODE_ERRORS.lastNode.message}: ${FAKE_NODE_ERRORS.lastNode.description}`,
    });
    const [succeeded] = await history(withApi, large.me.token, small.id);
    expect(succeeded).toMatchObject({ state: 'finished', ok: true, confirmedByN8n: true });
  });
});

describe("a last node that fails: n8n's own error, not 'Error in workflow'", () => {
  it('tells the client the message, the admin the node and execution', async () => {
    const { me, process, execution } = await processAt(withApi, '/node-error/invoice');
    const { message, description, node } = FAKE_NODE_ERRORS.lastNode;
    const answer = await trigger(withApi, me.token, process.id);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toBe(`The workflow failed: ${message}: ${description}`);
    const [run] = await history(withApi, me.token, process.id);
    expect(run).toMatchObject({
      state: 'finished',
      ok: false,
      statusCode: 500,
      confirmedByN8n: true,
      errorKind: 'execution',
      error: `${message}: ${description}`,
      n8nExecutionId: execution()!.id,
    });
    expect(JSON.stringify(run)).not.toContain(node);
    const adminText = `node "${node}" failed: ${message}: ${description} (n8n execution ${execution()!.id})`;
    expect(await auditOf(process.id)).toContainEqual(`Run of "Lead intake" failed: ${adminText}`);

    const admin = await withApi.createUser({ role: 'Admin' });
    const test = await withApi.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/processes/${process.id}/test`,
      payload: {},
    });
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toMatch(
      new RegExp(`^The webhook answered 500: node "${node}" failed: .* \\(n8n execution \\d+\\)$`),
    );
  });

  it('without the API keeps what the answer said', async () => {
    const { me, process } = await processAt(noApi, '/node-error/invoice');
    const answer = await trigger(noApi, me.token, process.id);
    expect(answer.json().message).toBe('The workflow answered 500: Error in workflow');
    const [run] = await history(noApi, me.token, process.id);
    expect(run).toMatchObject({ ok: false, errorKind: 'status', confirmedByN8n: false });
  });
});

describe('no answer', () => {
  it('in time: the workflow may still be running in n8n', async () => {
    const { me, process } = await processAt(noApi, '/slow/report', { webhookTimeoutSeconds: 1 });
    const answer = await trigger(noApi, me.token, process.id);
    expect(answer.statusCode).toBe(504);
    expect(answer.json().message).toBe(timeoutText(1));
    const [run] = await history(noApi, me.token, process.id);
    expect(run).toMatchObject({ ok: false, errorKind: 'timeout', error: timeoutText(1) });
  });

  it('in time, with the API: followed until n8n records how the workflow ended', async () => {
    const { me, process, execution } = await processAt(withApi, '/sleep/2500/report', {
      webhookTimeoutSeconds: 1,
    });
    const answer = await trigger(withApi, me.token, process.id);
    expect(answer.statusCode).toBe(504);
    expect(answer.json().message).toBe(timeoutText(1));
    const [following] = await history(withApi, me.token, process.id);
    expect(following).toMatchObject({
      state: 'following',
      ok: null,
      errorKind: 'timeout',
      n8nExecutionId: execution()!.id,
    });
    await ended(execution);
    await followUpRuns({ db, api });
    const [run] = await history(withApi, me.token, process.id);
    expect(run).toMatchObject({
      state: 'finished',
      ok: true,
      confirmedByN8n: true,
      errorKind: null,
      error: null,
    });
  });

  it('in time, and n8n never reports it: failed as it timed out, after 15 minutes', async () => {
    const { me, process } = await processAt(withApi, '/ok/x');
    const [inserted] = await db
      .insert(runs)
      .values({
        processId: process.id,
        clientUserId: me.user.id,
        trigger: 'manual',
        state: 'following',
        errorKind: 'timeout',
        error: timeoutText(30),
        startedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const later = new Date(inserted!.startedAt.getTime() + 16 * 60_000);
    await followUpRuns({ db, api, now: () => later });
    const [run] = await history(withApi, me.token, process.id);
    expect(run).toMatchObject({ state: 'finished', ok: false, error: timeoutText(30) });
  });

  it('from n8n at all: clients read that n8n is not answering, admins see the address', async () => {
    const { me, process } = await processAt(noApi, '/ok/x', {
      n8nWebhookUrl: 'http://127.0.0.1:9/webhook/report',
    });
    const answer = await trigger(noApi, me.token, process.id);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toBe(runErrorTexts.unreachable);
    const [run] = await history(noApi, me.token, process.id);
    expect(run).toMatchObject({ errorKind: 'unreachable', error: runErrorTexts.unreachable });
    expect(JSON.stringify(run)).not.toContain('127.0.0.1');

    const [audited] = await noApi.deps.database.db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(eq(auditLogs.processId, process.id));
    expect(audited?.message).toMatch(/ECONNREFUSED 127\.0\.0\.1:9/);
    const admin = await noApi.createUser({ role: 'Admin' });
    const test = await noApi.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/processes/${process.id}/test`,
      payload: {},
    });
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toMatch(/^n8n is not answering: .*127\.0\.0\.1:9/);
  });
});

describe('the admin form', () => {
  it('learns whether runs can be confirmed against n8n', async () => {
    for (const [ctx, n8nApi] of [
      [withApi, true],
      [noApi, false],
    ] as const) {
      const admin = await ctx.createUser({ role: 'Admin' });
      const answer = await ctx.injectAs(admin.token, {
        method: 'GET',
        url: '/api/admin/processes/confirmation',
      });
      expect(answer.json()).toEqual({ n8nApi });
    }
  });
});
