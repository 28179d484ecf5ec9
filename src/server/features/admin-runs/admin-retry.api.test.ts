import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, runs } from '#server/db/schema.ts';
import type { AdminRunsPage } from '#shared/admin-runs.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// From the admin's Runs screen: a run of any client runs again on that client's account,
// audited, and the run shows the headers its call sends without any credential.

const t = await build();
const n8n = await startFakeN8n();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const AUTH_KEY = 'webhook-key-secret-7f3a';

const retry = (token: string, runId: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/admin/runs/${runId}/retry` });

async function clientRun(path: string, expected: number) {
  const me = await createClient(t);
  const process = await createProcessFor(t, me.user.id, {
    n8nWebhookUrl: n8n.url(path),
    webhookAuthKey: AUTH_KEY,
  });
  const answer = await t.injectAs(me.token, {
    method: 'POST',
    url: `/api/n8n/trigger/${process.id}`,
  });
  expect(answer.statusCode, answer.body).toBe(expected);
  const [run] = await db.select().from(runs).where(eq(runs.processId, process.id));
  return { me, process, run: run! };
}

describe('POST /api/admin/runs/{runId}/retry', () => {
  it('runs a client’s failed run again on their account, started by the admin, and audits it', async () => {
    const { me, process, run } = await clientRun('/fail/admin-retry', 502);
    const answer = await retry(admin.token, run.id);
    expect(answer.statusCode, answer.body).toBe(201);
    const retried = answer.json().run;
    expect(retried).toMatchObject({ retryOf: { _id: run.id }, triggeredBy: admin.user.id });
    const calls = n8n.to('/fail/admin-retry');
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.body)).toMatchObject({ runId: retried._id, retryOf: run.id });
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, me.user.id), eq(auditLogs.actorId, admin.user.id)));
    expect(entries).toContainEqual(
      expect.objectContaining({
        source: 'runs',
        processId: process.id,
        message: `${admin.user.email} ran a run of ${me.user.email} again`,
        details: { runId: run.id, newRunId: retried._id },
      }),
    );
  });

  it('runs a run that succeeded again too, as a test session may', async () => {
    const { run } = await clientRun('/ok/admin-retry', 200);
    expect((await retry(admin.token, run.id)).statusCode).toBe(201);
    expect(n8n.to('/ok/admin-retry')).toHaveLength(2);
  });

  it('answers 404 for a run that does not exist and refuses a client', async () => {
    const { me, run } = await clientRun('/fail/refused', 502);
    expect((await retry(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry(admin.token, 'not-a-run')).statusCode).toBe(404);
    expect((await retry(me.token, run.id)).statusCode).toBe(403);
    expect(n8n.to('/fail/refused')).toHaveLength(1);
  });
});

describe('the headers a run sends, on the Runs screen', () => {
  it('lists every header by name, with the run id and the kind of credential, never its value', async () => {
    const { me, run } = await clientRun('/ok/headers', 200);
    const answer = await t.injectAs(admin.token, {
      method: 'GET',
      url: `/api/admin/runs?clientId=${me.user.id}`,
    });
    expect(answer.body).not.toContain(AUTH_KEY);
    const [listed] = answer.json<AdminRunsPage>().runs;
    expect(listed?.headersSent).toEqual(
      expect.arrayContaining([
        { name: 'idempotency-key', value: run.id },
        { name: 'x-run-id', value: run.id },
        { name: 'content-type', value: 'application/json' },
        { name: 'Authorization', value: 'Bearer (key hidden)' },
      ]),
    );
    // What the list says is what the webhook received.
    const [call] = n8n.to('/ok/headers');
    expect(call?.headers['idempotency-key']).toBe(run.id);
    expect(call?.headers.authorization).toBe(`Bearer ${AUTH_KEY}`);
  });
});
