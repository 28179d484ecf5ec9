import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type RunRow, runs } from '#server/db/schema.ts';

// Runs started, or finished, while the previous such write is under way are written
// together in one statement: the scheduler starts a claimed batch of due schedules at
// once, their webhooks answer in waves, and on two cores each statement's round trip (the
// socket write and waking PostgreSQL) costs more than its rows. Each caller gets its own
// row back by id, whatever order RETURNING lists them in. A batch that fails is written
// again a run at a time, so one run that cannot be stored fails alone.

export type RunValues = typeof runs.$inferInsert;

/** What a finished run's answer sets (recordFinish in service.ts). */
export type RunFinish = Pick<
  RunRow,
  | 'state'
  | 'ok'
  | 'error'
  | 'errorKind'
  | 'errorNode'
  | 'confirmedByN8n'
  | 'n8nExecutionId'
  | 'finishedAt'
  | 'durationMs'
  | 'statusCode'
  | 'bodySnippet'
  | 'answerContentType'
  | 'answerBytes'
  | 'answerCut'
  | 'answerBinary'
>;

export interface RunWrites {
  insert(values: RunValues): Promise<RunRow>;
  finish(id: string, values: RunFinish): Promise<RunRow>;
}

export async function insertRun(db: Db, values: RunValues): Promise<RunRow> {
  const [run] = await db.insert(runs).values(values).returning();
  if (!run) throw new Error('run insert returned no row');
  return run;
}

export async function finishRun(db: Db, id: string, values: RunFinish): Promise<RunRow> {
  const [run] = await db.update(runs).set(values).where(eq(runs.id, id)).returning();
  if (!run) throw new Error('run update matched no row');
  return run;
}

/** The columns a finish sets, as jsonb_to_recordset reads them. */
const finishColumns = sql.raw(`id uuid, state text, ok boolean, error text, error_kind text,
  error_node text, confirmed_by_n8n boolean, n8n_execution_id text,
  finished_at timestamptz, duration_ms integer, status_code integer, body_snippet text,
  answer_content_type text, answer_bytes bigint, answer_cut boolean, answer_binary boolean`);

const fromBatch = (column: string) => sql.raw(`batch.${column}`);

async function finishAll(db: Db, batch: { id: string; values: RunFinish }[]) {
  const records = batch.map(({ id, values: v }) => ({
    id,
    state: v.state,
    ok: v.ok,
    error: v.error,
    error_kind: v.errorKind,
    error_node: v.errorNode,
    confirmed_by_n8n: v.confirmedByN8n,
    n8n_execution_id: v.n8nExecutionId,
    finished_at: v.finishedAt?.toISOString() ?? null,
    duration_ms: v.durationMs,
    status_code: v.statusCode,
    body_snippet: v.bodySnippet,
    answer_content_type: v.answerContentType,
    answer_bytes: v.answerBytes,
    answer_cut: v.answerCut,
    answer_binary: v.answerBinary,
  }));
  return db
    .update(runs)
    .set({
      state: sql`${fromBatch('state')}`,
      ok: sql`${fromBatch('ok')}`,
      error: sql`${fromBatch('error')}`,
      errorKind: sql`${fromBatch('error_kind')}`,
      errorNode: sql`${fromBatch('error_node')}`,
      confirmedByN8n: sql`${fromBatch('confirmed_by_n8n')}`,
      n8nExecutionId: sql`${fromBatch('n8n_execution_id')}`,
      finishedAt: sql`${fromBatch('finished_at')}`,
      durationMs: sql`${fromBatch('duration_ms')}`,
      statusCode: sql`${fromBatch('status_code')}`,
      bodySnippet: sql`${fromBatch('body_snippet')}`,
      answerContentType: sql`${fromBatch('answer_content_type')}`,
      answerBytes: sql`${fromBatch('answer_bytes')}`,
      answerCut: sql`${fromBatch('answer_cut')}`,
      answerBinary: sql`${fromBatch('answer_binary')}`,
    })
    .from(sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as batch(${finishColumns})`)
    .where(eq(runs.id, sql`${fromBatch('id')}`))
    .returning();
}

/**
 * Writes what is asked while the previous write is under way together, with `many`, each
 * waiting caller answered by its row's id (group commit): a lone run is written at once,
 * and a burst in as few statements as the database's round trips allow. `one` writes a
 * single item, and each item of a batch that failed.
 */
function grouped<T extends { id: string }>(
  many: (batch: T[]) => Promise<RunRow[]>,
  one: (item: T) => Promise<RunRow>,
) {
  type Waiting = { item: T; resolve: (row: RunRow) => void; reject: (e: unknown) => void };
  let waiting: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]) {
    if (batch.length === 1) {
      const [{ item, resolve, reject }] = batch as [Waiting];
      return one(item).then(resolve, reject);
    }
    try {
      const byId = new Map((await many(batch.map((w) => w.item))).map((row) => [row.id, row]));
      for (const { item, resolve, reject } of batch) {
        const row = byId.get(item.id);
        if (row) resolve(row);
        else reject(new Error(`run ${item.id} was not written`));
      }
    } catch {
      await Promise.all(batch.map(({ item, resolve, reject }) => one(item).then(resolve, reject)));
    }
  }

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await write(batch);
    }
    writing = false;
  }

  return (item: T) =>
    new Promise<RunRow>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}

export function createRunWrites(db: Db): RunWrites {
  const insert = grouped<RunValues & { id: string }>(
    (batch) => db.insert(runs).values(batch).returning(),
    (values) => insertRun(db, values),
  );
  const finish = grouped<{ id: string; values: RunFinish }>(
    (batch) => finishAll(db, batch),
    ({ id, values }) => finishRun(db, id, values),
  );
  return {
    insert: (values) => insert({ ...values, id: values.id ?? randomUUID() }),
    finish: (id, values) => finish({ id, values }),
  };
}
