import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { runCsvColumns } from '#shared/exports.ts';
import { insertPackedRuns, repeatsOf } from '#test/support/packed-rows.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { csvStreamOfBatches } from './csv.ts';
import { type RunsScope, runCsvBatches } from './runs-csv.ts';

// runs.csv read a few rows a batch, each batch after the last run of the one before at
// the database's precision (docs/decisions/019-keyset-at-database-precision.md): every
// run comes once and in order, whether runs share a millisecond or their very microsecond,
// for the whole account and for one process, and the file is the same whatever the batch.

// Inserted runs pass the rollup triggers, which PGlite is slow over on a busy machine.
const MANY_ROWS_MS = 120_000;

const t = await build();
const db = t.deps.database.db;
const BOM = '\uFEFF';

async function text(stream: AsyncIterable<string | Buffer>) {
  let body = '';
  for await (const chunk of stream) body += chunk.toString();
  return body;
}

const recordsOf = (body: string) => body.replace(BOM, '').split('\r\n').filter(Boolean).slice(1);
/** The "Duration (ms)" cell of each record: each run's own number here. */
const durationsOf = (body: string) => recordsOf(body).map((line) => Number(line.split(',')[6]));

async function accountWithRuns() {
  const client = await createClient(t, { plan: 'Pro' });
  const busy = await createProcessFor(t, client.user.id, { name: 'Busy' });
  const quiet = await createProcessFor(t, client.user.id, { name: 'Quiet' });
  const base = new Date(Date.now() - 3_600_000);
  // 600 runs three to a millisecond, numbered 0…599 …
  await insertPackedRuns(
    db,
    { processId: busy.id, clientUserId: client.user.id },
    { count: 600, perMs: 3, base },
  );
  // … 25 fired by one claim, sharing their start to the microsecond (1000…1024) …
  await db.execute(sql`
    insert into runs (process_id, client_user_id, trigger, state, ok, status_code, duration_ms, started_at)
    select ${busy.id}::uuid, ${client.user.id}::uuid, 'schedule', 'finished', true, 200, 1000 + i,
           ${base.toISOString()}::timestamptz + interval '100 milliseconds 1 microsecond'
    from generate_series(0, 24) as i`);
  // … and 40 of another process among them (2000…2039).
  await insertPackedRuns(
    db,
    { processId: quiet.id, clientUserId: client.user.id },
    { count: 40, perMs: 1, base: new Date(base.getTime() + 50) },
  );
  await db.execute(
    sql`update runs set duration_ms = duration_ms + 2000 where process_id = ${quiet.id}`,
  );
  const scope: RunsScope = {
    ownerId: client.user.id,
    since: new Date(base.getTime() - 60_000),
    until: new Date(),
  };
  return { client, busy, quiet, scope };
}

/** The runs' numbers as the database orders them: newest first, then by id. */
async function expectedOrder(clientUserId: string, processId?: string) {
  const rows = (await db.execute(sql`
    select duration_ms from runs
    where client_user_id = ${clientUserId} ${processId ? sql`and process_id = ${processId}` : sql``}
    order by started_at desc, id desc`)) as { rows: { duration_ms: number }[] };
  return rows.rows.map((row) => row.duration_ms);
}

describe('runs.csv in batches', () => {
  it(
    'gives every run once, in order, across batches, for the account and for one process',
    async () => {
      const { client, busy, scope } = await accountWithRuns();
      const whole = await text(csvStreamOfBatches(runCsvColumns, runCsvBatches(db, scope, 7)));
      const durations = durationsOf(whole);
      expect(durations).toHaveLength(665);
      expect(repeatsOf(durations)).toEqual([]);
      expect(durations).toEqual(await expectedOrder(client.user.id));

      const one = await text(
        csvStreamOfBatches(runCsvColumns, runCsvBatches(db, { ...scope, processId: busy.id }, 4)),
      );
      expect(durationsOf(one)).toEqual(await expectedOrder(client.user.id, busy.id));
      expect(durationsOf(one)).toHaveLength(625);

      // The route reads its own batch size: the same file, byte for byte.
      const answered = await t.injectAs(client.token, {
        method: 'GET',
        url: '/api/client/runs.csv',
      });
      expect(answered.statusCode).toBe(200);
      expect(answered.body).toBe(whole);
      expect(whole.startsWith(`${BOM}${runCsvColumns.join(',')}\r\n`)).toBe(true);
    },
    MANY_ROWS_MS,
  );

  it('writes the start to the millisecond and quotes a cell holding a line break', async () => {
    const client = await createClient(t, { plan: 'Pro' });
    const process = await createProcessFor(t, client.user.id, { name: '@risky, "quoted"' });
    await db.insert(runs).values({
      processId: process.id,
      clientUserId: client.user.id,
      trigger: 'manual',
      triggeredBy: client.user.id,
      startedAt: new Date('2026-11-20T10:11:12.345Z'),
      ok: false,
      statusCode: 502,
      durationMs: -1,
      bodySnippet: 'first line\nsecond line',
    });
    const body = await text(
      csvStreamOfBatches(
        runCsvColumns,
        runCsvBatches(db, {
          ownerId: client.user.id,
          since: new Date('2026-11-01T00:00:00Z'),
          until: new Date('2026-12-01T00:00:00Z'),
        }),
      ),
    );
    expect(body.replace(BOM, '').split('\r\n')[1]).toBe(
      `2026-11-20T10:11:12.345Z,"'@risky, ""quoted""",manual,${client.user.name},failed,502,-1,,"first line\nsecond line"`,
    );
  });
});
