import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runs } from '#server/db/schema.ts';
import { analyticsCsvColumns, exportMessages, runCsvColumns } from '#shared/exports.ts';
import { insertPackedRuns, repeatsOf } from '#test/support/packed-rows.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// CSV exports (docs/decisions/016-what-plans-sell-and-mail.md): gated by the plan's
// canExportCSV on the server, streamed with a byte-order mark, CRLF records, quotes
// doubled and formulas neutralised.

// Thousands of rows pass the run rollup triggers on insert, which PGlite takes tens of
// seconds over on a busy machine: those tests get two minutes each.
const MANY_ROWS_MS = 120_000;

const t = await build();
const db = t.deps.database.db;
const BOM = '\uFEFF';
const DAY = 86_400_000;

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const lines = (body: string) => body.replace(BOM, '').split('\r\n').filter(Boolean);
/** The "Duration (ms)" cell of each run in a runs.csv answer. */
const durationsOf = (response: { body: string }) =>
  lines(response.body)
    .slice(1)
    .map((row) => Number(row.split(',')[6]));

async function proClientWithRuns() {
  const client = await createClient(t, { plan: 'Pro', entitlements: { analytics: true } });
  const risky = await createProcessFor(t, client.user.id, { name: '=HYPERLINK("http://x")' });
  const plain = await createProcessFor(t, client.user.id, { name: 'Lead intake' });
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  await db.insert(runs).values([
    {
      processId: plain.id,
      clientUserId: client.user.id,
      trigger: 'manual',
      triggeredBy: client.user.id,
      startedAt: at(1),
      ok: true,
      statusCode: 200,
      durationMs: 812,
      bodySnippet: 'said "hi", then left',
    },
    {
      processId: risky.id,
      clientUserId: client.user.id,
      trigger: 'schedule',
      startedAt: at(2),
      ok: false,
      statusCode: 500,
      durationMs: 40,
      error: '+cmd|calc',
    },
    {
      processId: plain.id,
      clientUserId: client.user.id,
      trigger: 'schedule',
      startedAt: at(10),
      ok: true,
      statusCode: 200,
      durationMs: 100,
    },
    // Older than Pro's 30-day retention: not exported even if still in the table.
    {
      processId: plain.id,
      clientUserId: client.user.id,
      trigger: 'schedule',
      startedAt: at(40),
      ok: true,
      statusCode: 200,
      durationMs: 5,
    },
  ]);
  return { ...client, risky, plain };
}

describe('CSV export', () => {
  it('is refused without canExportCSV, naming the plan that includes it', async () => {
    const basic = await createClient(t, { plan: 'Basic', entitlements: { analytics: true } });
    for (const url of ['/api/client/runs.csv', '/api/client/analytics.csv']) {
      const refused = await get(basic.token, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(exportMessages.notIncluded);
    }
    expect(exportMessages.notIncluded).toBe('CSV export is included in the Pro plan.');
    expect((await t.app.inject({ method: 'GET', url: '/api/client/runs.csv' })).statusCode).toBe(
      401,
    );
  });

  it('streams every run in the retention window: BOM, CRLF, quotes doubled, formulas neutralised', async () => {
    const { token } = await proClientWithRuns();
    const response = await get(token, '/api/client/runs.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="runs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith(BOM)).toBe(true);
    const [header, ...rows] = lines(response.body);
    expect(header).toBe(runCsvColumns.join(','));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,Lead intake,manual,/);
    expect(rows[0]).toContain('"said ""hi"", then left"');
    // The cells a spreadsheet would run start with an apostrophe.
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(rows[1]).toContain("'+cmd|calc");
    expect(rows[1]).toContain(',schedule,schedule,failed,500,40,');
  });

  it("narrows to one process of the account and to chosen days; refuses another account's process", async () => {
    const { token, plain } = await proClientWithRuns();
    const one = await get(token, `/api/client/runs.csv?processId=${plain.id}`);
    expect(
      lines(one.body)
        .slice(1)
        .every((row) => row.includes(',Lead intake,')),
    ).toBe(true);
    expect(lines(one.body)).toHaveLength(3);
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    const ranged = await get(token, `/api/client/runs.csv?from=${day(3)}&to=${day(2)}`);
    expect(lines(ranged.body)).toHaveLength(2);
    const backwards = await get(token, `/api/client/runs.csv?from=${day(1)}&to=${day(3)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(exportMessages.range);
    expect((await get(token, '/api/client/runs.csv?from=yesterday')).statusCode).toBe(400);
    const other = await proClientWithRuns();
    expect((await get(token, `/api/client/runs.csv?processId=${other.plain.id}`)).statusCode).toBe(
      404,
    );
  });

  it(
    'pages through thousands of runs without losing or repeating one',
    async () => {
      const client = await createClient(t, { plan: 'Pro' });
      const process = await createProcessFor(t, client.user.id);
      const base = Date.now() - DAY;
      // Pairs share a start time: the cursor must order by id as well.
      const many = Array.from({ length: 2_400 }, (_, i) => ({
        processId: process.id,
        clientUserId: client.user.id,
        trigger: 'schedule' as const,
        startedAt: new Date(base - Math.floor(i / 2) * 1000),
        ok: true,
        statusCode: 200,
        durationMs: i,
      }));
      await db.insert(runs).values(many);
      const durations = durationsOf(await get(client.token, '/api/client/runs.csv'));
      expect(durations).toHaveLength(2_400);
      expect(new Set(durations).size).toBe(2_400);
    },
    MANY_ROWS_MS,
  );

  it(
    'holds every one of 3,000 runs made three to a millisecond, each once',
    async () => {
      const client = await createClient(t, { plan: 'Pro' });
      const process = await createProcessFor(t, client.user.id);
      await insertPackedRuns(
        db,
        { processId: process.id, clientUserId: client.user.id },
        { count: 3_000, perMs: 3, base: new Date(Date.now() - DAY) },
      );
      const durations = durationsOf(await get(client.token, '/api/client/runs.csv'));
      expect(repeatsOf(durations)).toEqual([]);
      expect(durations).toHaveLength(3_000);
    },
    MANY_ROWS_MS,
  );

  it('exports the analytics table for an account with analytics', async () => {
    const { token } = await proClientWithRuns();
    const response = await get(token, '/api/client/analytics.csv');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = lines(response.body);
    expect(header).toBe(analyticsCsvColumns.join(','));
    expect(rows).toEqual([
      expect.stringMatching(/^"'=HYPERLINK\(""http:\/\/x""\)",1,1,100,.+Z,failed$/),
      expect.stringMatching(/^Lead intake,2,0,0,.+Z,succeeded$/),
    ]);
    const pro = await createClient(t, { plan: 'Pro' });
    const refused = await get(pro.token, '/api/client/analytics.csv');
    expect(refused.statusCode).toBe(403);
  });

  it('counts the rollups, whose figures stay once retention has deleted the runs', async () => {
    const { token, user } = await proClientWithRuns();
    const csv = async () => {
      const response = await get(token, '/api/client/analytics.csv');
      expect(response.statusCode).toBe(200);
      return lines(response.body).slice(1);
    };
    const before = await csv();
    // The rollups of the window: Pro keeps 30 days, counted in whole UTC days.
    const firstDay = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    const rolled = (await db.execute(sql`
      select sum(runs)::int as runs, sum(failures)::int as failures from run_rollups
      where client_user_id = ${user.id} and day >= ${firstDay}::date
      group by process_id order by sum(runs)`)) as { rows: { runs: number; failures: number }[] };
    const figures = (rows: string[]) =>
      rows
        .map((row) =>
          row
            .match(/,(\d+),(\d+),[\d.]+,[^,]*,[a-z]*$/)!
            .slice(1)
            .map(Number),
        )
        .map(([runs, failures]) => ({ runs, failures }))
        .sort((a, b) => a.runs! - b.runs!);
    expect(figures(before)).toEqual(rolled.rows);
    expect(figures(before)).toEqual([
      { runs: 1, failures: 1 },
      { runs: 2, failures: 0 },
    ]);

    // The retention job deletes the runs; the rollups are the history.
    await db.delete(runs).where(eq(runs.clientUserId, user.id));
    expect(await csv()).toEqual(before);
  });
});
