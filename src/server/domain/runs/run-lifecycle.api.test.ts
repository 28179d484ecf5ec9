import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import {
  INTERRUPTED_MESSAGE,
  interruptAbandonedRuns,
  interruptRunsInFlight,
  runsInFlight,
} from './in-flight.ts';
import { tooManyRunsMessage } from './service.ts';

// A run is on record from the moment its webhook is called, so a server that dies
// mid-call leaves a trace that is later marked interrupted; one account cannot pile up
// more than a few manual runs at once.

const t = await build();
const n8n = await startFakeN8n();
const db = t.deps.database.db;

const trigger = (token: string, id: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/n8n/trigger/${id}` });
const history = async (token: string, processId: string) =>
  (await t.injectAs(token, { method: 'GET', url: `/api/n8n/processes/${processId}/runs` })).json()
    .runs as { _id: string; state: string; ok: boolean | null; error: string | null }[];

/** Resolves once the fake n8n has received `count` requests under `prefix`. */
const received = (prefix: string, count: number) =>
  vi.waitFor(() => expect(n8n.to(prefix)).toHaveLength(count), 5_000);

describe('a run under way', () => {
  it('is recorded as running before the webhook answers, then finished with the answer', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/hold/one') });
    const answer = trigger(me.token, process.id);
    await received('/hold/one', 1);

    const during = await history(me.token, process.id);
    expect(during).toEqual([expect.objectContaining({ state: 'running', ok: null })]);
    const sent = JSON.parse(n8n.to('/hold/one')[0]?.body ?? '{}');
    expect(sent.runId).toBe(during[0]?._id);

    n8n.releaseHeld();
    expect((await answer).statusCode).toBe(200);
    const after = await history(me.token, process.id);
    expect(after).toEqual([
      expect.objectContaining({ _id: sent.runId, state: 'finished', ok: true }),
    ]);
    expect(runsInFlight()).toBe(0);
  });

  it('is marked interrupted when its server stops before the answer, with the time', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/hold/two') });
    const answer = trigger(me.token, process.id);
    await received('/hold/two', 1);
    expect(await interruptRunsInFlight(db)).toBe(1);
    const [row] = await db.select().from(runs).where(eq(runs.processId, process.id));
    expect(row).toMatchObject({ state: 'interrupted', ok: false, error: INTERRUPTED_MESSAGE });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    n8n.releaseHeld();
    await answer;
  });

  it('left running by a dead server is marked interrupted once past the cut-off, not before', async () => {
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id);
    const startedAt = new Date(Date.now() - 10 * 60_000);
    const [left] = await db
      .insert(runs)
      .values({
        processId: process.id,
        clientUserId: me.user.id,
        trigger: 'schedule',
        startedAt,
        state: 'running',
      })
      .returning();
    expect(
      await interruptAbandonedRuns(db, { startedBefore: new Date(startedAt.getTime() - 1) }),
    ).toBe(0);
    expect(await interruptAbandonedRuns(db, { startedBefore: new Date() })).toBeGreaterThanOrEqual(
      1,
    );
    const [row] = await db
      .select()
      .from(runs)
      .where(eq(runs.id, left?.id ?? ''));
    expect(row).toMatchObject({ state: 'interrupted', ok: false, error: INTERRUPTED_MESSAGE });
  });
});

describe('manual runs in flight per account', () => {
  it(`allows ${t.deps.config.runsInFlightPerAccount} at once, then answers 429 until one finishes`, async () => {
    const max = t.deps.config.runsInFlightPerAccount;
    const me = await createClient(t);
    const process = await createProcessFor(t, me.user.id, { n8nWebhookUrl: n8n.url('/hold/many') });
    const first = Array.from({ length: max }, () => trigger(me.token, process.id));
    await received('/hold/many', max);

    const refused = await trigger(me.token, process.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyRunsMessage(max));

    // Another account is not held back by this one.
    const other = await createClient(t);
    const theirs = await createProcessFor(t, other.user.id, { n8nWebhookUrl: n8n.url('/ok/x') });
    expect((await trigger(other.token, theirs.id)).statusCode).toBe(200);

    n8n.releaseHeld();
    for (const answer of await Promise.all(first)) expect(answer.statusCode).toBe(200);
    const again = trigger(me.token, process.id);
    await received('/hold/many', max + 1);
    n8n.releaseHeld();
    expect((await again).statusCode).toBe(200);
  });
});
