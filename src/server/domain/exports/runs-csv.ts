import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, type KeysetPosition, pastPosition } from '#server/db/keyset.ts';
import { runs } from '#server/db/schema.ts';
import type { RunErrorKind } from '#shared/run-answers.ts';
import { clientRunError } from '#shared/run-answers.ts';
import type { CsvCell } from './csv.ts';
import { type Names, namesFor } from './names.ts';

// The rows of a runs export, newest first, read in batches with a keyset cursor: the last
// run's start to the microsecond and its id, compared in the database as one row
// comparison (db/keyset.ts), so runs sharing its start are neither skipped nor repeated and
// the (client, started_at) or (process, started_at) index bounds every batch where the one
// before stopped: each batch costs the same however deep the export is.
// Per row, nothing but the cells is built: the rows come as the driver reads them (no
// Date, no ORM mapping), the time as the database wrote it, names come from a lookup made
// once per process or person (names.ts), and the next batch is already being read while
// this one is written out.

/** Rows a batch: few round trips, and a batch is still only a few megabytes. */
export const RUNS_CSV_BATCH = 5000;

export interface RunsScope {
  ownerId: string;
  processId?: string;
  since: Date;
  until: Date;
}

interface RunLine {
  id: string;
  /** Its start as UTC text to the microsecond (`exactTime`). */
  at: string;
  process_id: string;
  triggered_by: string | null;
  trigger: string;
  state: string;
  ok: boolean | null;
  status_code: number | null;
  duration_ms: number | null;
  error_kind: RunErrorKind | null;
  error: string | null;
  body: string | null;
}

function outcome(run: { state: string; ok: boolean | null }) {
  if (run.state === 'running') return 'running';
  if (run.state === 'interrupted') return 'interrupted';
  if (run.state === 'following' || run.state === 'accepted') return 'accepted';
  return run.ok ? 'succeeded' : 'failed';
}

async function readBatch(
  db: Db,
  scope: RunsScope,
  size: number,
  after: KeysetPosition | null,
): Promise<RunLine[]> {
  const inScope = and(
    eq(runs.clientUserId, scope.ownerId),
    scope.processId ? eq(runs.processId, scope.processId) : undefined,
    gte(runs.startedAt, scope.since),
    lt(runs.startedAt, scope.until),
    after ? pastPosition(runs.startedAt, runs.id, after, 'older') : undefined,
  );
  // Runs alone, so the LIMIT sits right on the index walk whatever the planner estimates;
  // with the names joined in, a low estimate once made it hash every process and person
  // for each batch, or sort every older run.
  const result = (await db.execute(sql`
    select ${runs.id} as id, ${exactTime(runs.startedAt)} as at, ${runs.processId} as process_id,
           ${runs.triggeredBy} as triggered_by, ${runs.trigger} as trigger,
           ${runs.state} as state, ${runs.ok} as ok, ${runs.statusCode} as status_code,
           ${runs.durationMs} as duration_ms, ${runs.errorKind} as error_kind,
           ${runs.error} as error, ${runs.bodySnippet} as body
    from ${runs}
    where ${inScope}
    order by ${runs.startedAt} desc, ${runs.id} desc
    limit ${size}`)) as { rows: RunLine[] };
  return result.rows;
}

/** The cells of one run, in `runCsvColumns` order. */
function cellsOf(run: RunLine, names: Names): CsvCell[] {
  return [
    // The spec's time to the millisecond: the microsecond text cut, as a Date would cut it.
    `${run.at.slice(0, 23)}Z`,
    names.process(run.process_id),
    run.trigger,
    run.trigger === 'schedule' ? 'schedule' : (names.person(run.triggered_by) ?? ''),
    outcome(run),
    run.status_code,
    run.duration_ms,
    // What the client reads in the run history: n8n's address stays with the admins.
    clientRunError(run.error_kind, run.error) ?? '',
    run.body ?? '',
  ];
}

/** Every run in scope, newest first, `batchSize` rows at a time, as CSV cells. */
export async function* runCsvBatches(
  db: Db,
  scope: RunsScope,
  batchSize = RUNS_CSV_BATCH,
): AsyncGenerator<CsvCell[][]> {
  const names = namesFor(db);
  let next: Promise<RunLine[]> | null = readBatch(db, scope, batchSize, null);
  while (next) {
    const batch: RunLine[] = await next;
    const last = batch.at(-1);
    next =
      last && batch.length === batchSize
        ? readBatch(db, scope, batchSize, { at: last.at, id: last.id })
        : null;
    // Awaited on the next turn; if the reader stops first (a download cancelled), a failure
    // of the read already under way must not surface as an unhandled rejection.
    next?.catch(() => {});
    await names.learn(batch);
    yield batch.map((run) => cellsOf(run, names));
  }
}

/** The same rows one at a time (the data-export archive's runs.csv). */
export async function* runCsvRows(db: Db, scope: RunsScope): AsyncGenerator<CsvCell[]> {
  for await (const batch of runCsvBatches(db, scope)) yield* batch;
}
