import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { type AdminRunsPage, adminRunsMessages } from '#shared/admin-runs.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The admin's list of every client's runs: runs written straight to their table (the
// run routes have tests of their own), several in one millisecond, read back through
// the route with each filter, page after page, and as a client, who is refused.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const first = await createClient(t);
const second = await createClient(t);
const intake = await createProcessFor(t, first.user.id, {
  name: 'Lead intake',
  n8nWorkflowId: 'wf-7',
});
const billing = await createProcessFor(t, first.user.id, { name: 'Invoice sync' });
const other = await createProcessFor(t, second.user.id, { name: 'Order export' });

// The query string and the credentials are the parts of a webhook address to keep out.
const SECRET_QUERY = 'token=query-secret-91c2';
const SECRET_PASS = 'basic-pass-secret-4d1e';
const target = `https://robot:${SECRET_PASS}@n8n.example.test/webhook/lead-intake?${SECRET_QUERY}`;

/** A run started at an instant given to the microsecond. */
async function run(
  process: typeof intake,
  at: string,
  values: Partial<typeof runs.$inferInsert> = {},
) {
  const [row] = await db
    .insert(runs)
    .values({
      processId: process.id,
      clientUserId: process.clientUserId,
      trigger: 'manual',
      startedAt: sql`${at}::timestamptz` as unknown as Date,
      state: 'finished',
      ok: true,
      statusCode: 200,
      durationMs: 120,
      targetUrl: target,
      ...values,
    })
    .returning();
  return row!.id;
}

// Seven runs in one millisecond, so a page may end inside it.
const sameMs: string[] = [];
for (let i = 0; i < 7; i++) sameMs.push(await run(intake, `2026-11-20T10:00:00.123${i}00Z`));
const failedIntake = await run(intake, '2026-11-21T08:00:00.000001Z', {
  ok: false,
  statusCode: 500,
  errorKind: 'execution',
  error: 'Workflow failed at node X',
  n8nExecutionId: 'exec-4242',
  confirmedByN8n: true,
});
const scheduledBilling = await run(billing, '2026-11-19T23:59:59.999999Z', { trigger: 'schedule' });
const otherFailed = await run(other, '2026-11-22T12:00:00Z', { ok: false, statusCode: 502 });
const otherRunning = await run(other, '2026-11-23T12:00:00Z', {
  state: 'running',
  ok: null,
  statusCode: null,
  durationMs: null,
});
const everyRun = [...sameMs, failedIntake, scheduledBilling, otherFailed, otherRunning];

const get = (token: string, query: string) =>
  t.injectAs(token, { method: 'GET', url: `/api/admin/runs?${query}` });

async function list(query: string) {
  const answer = await get(admin.token, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AdminRunsPage>();
}
const ids = (page: AdminRunsPage) => page.runs.map((r) => r._id);

describe('GET /api/admin/runs', () => {
  it('lists every client’s runs newest first, with the client, process and admin fields', async () => {
    const page = await list('');
    expect(ids(page)).toHaveLength(everyRun.length);
    expect(ids(page).slice(0, 3)).toEqual([otherRunning, otherFailed, failedIntake]);
    expect(page.nextCursor).toBeNull();
    const failed = page.runs.find((r) => r._id === failedIntake)!;
    expect(failed.client).toEqual({
      id: first.user.id,
      name: first.user.name,
      email: first.user.email,
      company: first.user.companyName,
    });
    expect(failed.process).toEqual({ id: intake.id, name: 'Lead intake' });
    expect(failed.target).toBe('n8n.example.test/webhook/lead-intake');
    expect(failed.n8nExecutionId).toBe('exec-4242');
    expect(failed.adminError).toBe('Workflow failed at node X');
  });

  it('never answers the webhook’s query string or credentials', async () => {
    const answer = await get(admin.token, '');
    expect(answer.body).not.toContain(SECRET_QUERY);
    expect(answer.body).not.toContain(SECRET_PASS);
    expect(answer.body).not.toContain('robot:');
  });

  it('narrows by client, process, state, outcome, trigger and days', async () => {
    expect(new Set(ids(await list(`clientId=${second.user.id}`)))).toEqual(
      new Set([otherFailed, otherRunning]),
    );
    expect(ids(await list(`processId=${intake.id}&outcome=failed`))).toEqual([failedIntake]);
    expect(ids(await list('outcome=failed'))).toEqual([otherFailed, failedIntake]);
    expect(ids(await list('outcome=ok')).sort()).toEqual([...sameMs, scheduledBilling].sort());
    expect(ids(await list('state=running'))).toEqual([otherRunning]);
    expect(ids(await list('trigger=schedule'))).toEqual([scheduledBilling]);
    expect(ids(await list('from=2026-11-20&to=2026-11-21'))).toEqual([
      failedIntake,
      ...[...sameMs].reverse(),
    ]);
    expect(ids(await list('to=2026-11-19'))).toEqual([scheduledBilling]);
    // An empty field of a form means no filter.
    expect(ids(await list('clientId=&state=&q='))).toHaveLength(everyRun.length);
  });

  it('finds a run by its whole id or its n8n execution id, not by a part', async () => {
    expect(ids(await list(`q=${failedIntake}`))).toEqual([failedIntake]);
    expect(ids(await list('q=exec-4242'))).toEqual([failedIntake]);
    expect(ids(await list('q=exec-42'))).toEqual([]);
    expect(ids(await list(`q=${failedIntake.slice(0, 8)}`))).toEqual([]);
  });

  it('pages by cursor, each run exactly once, when a page ends inside a millisecond', async () => {
    // Reads the route's own page size of 50 over more runs than that.
    const extra: string[] = [];
    for (let i = 0; i < 55; i++) {
      extra.push(await run(billing, `2026-10-01T00:00:00.456${String(i).padStart(3, '0')}Z`));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AdminRunsPage = await list(
        `processId=${billing.id}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(56);
    expect(new Set(seen)).toEqual(new Set([...extra, scheduledBilling]));
    // The page boundary falls inside the one millisecond the extra runs share.
    const all = await list(`processId=${billing.id}`);
    expect(all.runs).toHaveLength(50);
  });

  it('pages through the seven runs of one millisecond across a page boundary', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminRunsPage = await list(
        `processId=${intake.id}&outcome=ok${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...sameMs].sort());
  });

  it('refuses a client', async () => {
    expect((await get(first.token, '')).statusCode).toBe(403);
  });

  it('answers 400 with a clear message for a filter that is not valid', async () => {
    const refused = async (query: string, message: string) => {
      const answer = await get(admin.token, query);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(message);
    };
    await refused('clientId=not-a-uuid', adminRunsMessages.clientId);
    await refused('processId=123', adminRunsMessages.processId);
    await refused('state=done', adminRunsMessages.state);
    await refused('outcome=maybe', adminRunsMessages.outcome);
    await refused('trigger=cron', adminRunsMessages.trigger);
    await refused('from=2026-13-01', adminRunsMessages.day);
    await refused('from=2026-11-22&to=2026-11-21', adminRunsMessages.order);
    await refused(`q=${'x'.repeat(101)}`, adminRunsMessages.q);
    await refused('cursor=2026-11-20T10:00:00.123Z|nope', pageCursorMessage);
  });
});
