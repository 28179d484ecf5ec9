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

/** The columns a finished run's answer sets (recordFinish in service.ts). */
const finishKeys = [
  'state',
  'ok',
  'error',
  'errorKind',
  'errorNode',
  'confirmedByN8n',
  'n8nExecutionId',
  'finishedAt',
  'durationMs',
  'statusCode',
  'bodySnippet',
  'answerContentType',
  'answerBytes',
  'answerCut',
  'answerBinary',
] as const satisfies readonly (keyof RunRow)[];

export type RunFinish = Pick<RunRow, (typeof finishKeys)[number]>;

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

/** The record a batch of finishes is read as, named and typed as the runs table's columns. */
const batchRecord = sql.raw(
  ['id uuid', ...finishKeys.map((key) => `${runs[key].name} ${runs[key].getSQLType()}`)].join(', '),
);

/** Each finished column set from the batch's record of its run. */
const setFromBatch = Object.fromEntries(
  finishKeys.map((key) => [key, sql.raw(`batch.${runs[key].name}`)]),
);

async function finishAll(db: Db, batch: { id: string; values: RunFinish }[]) {
  // Dates go as their ISO text (Date#toJSON), which timestamptz reads at full precision.
  const records = batch.map(({ id, values }) =>
    Object.fromEntries([['id', id], ...finishKeys.map((key) => [runs[key].name, values[key]])]),
  );
  return db
    .update(runs)
    .set(setFromBatch)
    .from(sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as batch(${batchRecord})`)
    .where(eq(runs.id, sql.raw('batch.id')))
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
