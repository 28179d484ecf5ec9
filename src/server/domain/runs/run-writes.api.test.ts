import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { createRunWrites, type RunFinish, type RunValues } from './run-writes.ts';

// The scheduler's runs started together are written together (the first at once, the rest
// in one statement while it is written), each caller getting its own row back, and a run
// that cannot be written fails alone.

const t = await build();
const db = t.deps.database.db;

async function aProcess() {
  const client = await createClient(t);
  const process = await createProcessFor(t, client.user.id, { name: 'Batched' });
  return { process, clientId: client.user.id };
}

const runOf = (processId: string, clientId: string, targetUrl: string): RunValues => ({
  processId,
  clientUserId: clientId,
  trigger: 'schedule',
  triggeredBy: null,
  targetUrl,
  startedAt: new Date(),
  state: 'running',
});

/** The transactions that wrote these runs: one statement in autocommit is one. */
async function writersOf(ids: string[]) {
  const rows = await db
    .select({ xid: sql<string>`xmin::text` })
    .from(runs)
    .where(inArray(runs.id, ids));
  return new Set(rows.map((row) => row.xid));
}

describe('runs started together', () => {
  it('are written in two statements, each caller getting its own run', async () => {
    const { process, clientId } = await aProcess();
    const inserts = createRunWrites(db);
    const urls = Array.from({ length: 25 }, (_, i) => `https://hooks.example.com/${i}`);
    const rows = await Promise.all(
      urls.map((url) => inserts.insert(runOf(process.id, clientId, url))),
    );
    expect(rows.map((row) => row.targetUrl)).toEqual(urls);
    expect(new Set(rows.map((row) => row.id)).size).toBe(25);
    // The first at once, the other 24 together once it is written.
    expect(await writersOf(rows.map((row) => row.id))).toHaveLength(2);
  });

  it('fail alone when one of them cannot be written', async () => {
    const { process, clientId } = await aProcess();
    const inserts = createRunWrites(db);
    const gone = '00000000-0000-4000-8000-000000000000';
    const answers = await Promise.allSettled([
      inserts.insert(runOf(process.id, clientId, 'https://hooks.example.com/a')),
      inserts.insert(runOf(gone, clientId, 'https://hooks.example.com/gone')),
      inserts.insert(runOf(process.id, clientId, 'https://hooks.example.com/b')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('one after the other are written by statements of their own', async () => {
    const { process, clientId } = await aProcess();
    const inserts = createRunWrites(db);
    const first = await inserts.insert(runOf(process.id, clientId, 'https://hooks.example.com/1'));
    const second = await inserts.insert(runOf(process.id, clientId, 'https://hooks.example.com/2'));
    expect(await writersOf([first.id, second.id])).toHaveLength(2);
  });
});

const answered = (statusCode: number, bodySnippet: string | null): RunFinish => ({
  state: 'finished',
  ok: statusCode < 400,
  error: statusCode < 400 ? null : `The workflow answered ${statusCode}`,
  errorKind: null,
  errorNode: null,
  confirmedByN8n: false,
  n8nExecutionId: null,
  finishedAt: new Date('2026-11-28T10:00:00.123Z'),
  durationMs: 1002,
  statusCode,
  bodySnippet,
  answerContentType: bodySnippet ? 'text/plain' : null,
  answerBytes: bodySnippet?.length ?? null,
  answerCut: false,
  answerBinary: false,
});

describe('runs finished together', () => {
  it('are recorded together, each with its own answer', async () => {
    const { process, clientId } = await aProcess();
    const writes = createRunWrites(db);
    const started = await Promise.all(
      [0, 1, 2].map((i) =>
        writes.insert(runOf(process.id, clientId, `https://h.example.com/${i}`)),
      ),
    );
    const answers = [answered(200, 'ok'), answered(502, 'Bad "gateway"\n'), answered(204, null)];
    const finished = await Promise.all(started.map((run, i) => writes.finish(run.id, answers[i]!)));
    expect(finished.map((run) => [run.id, run.statusCode, run.ok, run.bodySnippet])).toEqual([
      [started[0]?.id, 200, true, 'ok'],
      [started[1]?.id, 502, false, 'Bad "gateway"\n'],
      [started[2]?.id, 204, true, null],
    ]);
    expect(finished[1]?.error).toBe('The workflow answered 502');
    expect(finished[0]?.finishedAt?.toISOString()).toBe('2026-11-28T10:00:00.123Z');
    expect(finished.every((run) => run.state === 'finished' && run.durationMs === 1002)).toBe(true);
    // The first finish at once, the other two together while it is written.
    expect(await writersOf(finished.map((run) => run.id))).toHaveLength(2);
  });

  it('answer a run that is not there with an error of its own', async () => {
    const { process, clientId } = await aProcess();
    const writes = createRunWrites(db);
    const run = await writes.insert(runOf(process.id, clientId, 'https://h.example.com/x'));
    const answers = await Promise.allSettled([
      writes.finish(run.id, answered(200, 'ok')),
      writes.finish('00000000-0000-4000-8000-000000000000', answered(200, 'ok')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected']);
  });
});
