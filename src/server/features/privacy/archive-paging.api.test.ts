import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { insertPackedAudit, insertPackedRuns, repeatsOf } from '#test/support/packed-rows.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The data-export archive's long files are read a page at a time: runs and audit entries
// that share a millisecond with a page's last row are each in the archive exactly once
// (docs/decisions/019-keyset-at-database-precision.md).

// Thousands of rows pass the run rollup triggers on insert, which PGlite takes tens of
// seconds over on a busy machine: these tests get two minutes each.
const MANY_ROWS_MS = 120_000;

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

/** The data rows of one CSV file of the archive (header and byte-order mark left out). */
async function csvRows(clientId: string, file: string) {
  const response = await t.injectAs(admin.token, {
    method: 'GET',
    url: `/api/admin/clients/${clientId}/export`,
  });
  expect(response.statusCode).toBe(200);
  const text = strFromU8(unzipSync(new Uint8Array(response.rawPayload))[file]!);
  return text.replace('\uFEFF', '').split('\r\n').filter(Boolean).slice(1);
}

describe('data-export archive', () => {
  it(
    'holds each of 3,000 runs made three to a millisecond once in runs.csv',
    async () => {
      const client = await createClient(t, { plan: 'Pro' });
      const process = await createProcessFor(t, client.user.id);
      await insertPackedRuns(
        db,
        { processId: process.id, clientUserId: client.user.id },
        { count: 3_000, perMs: 3, base: new Date(Date.now() - 3_600_000) },
      );
      const durations = (await csvRows(client.user.id, 'runs.csv')).map(
        (row) => row.split(',')[6]!,
      );
      expect(repeatsOf(durations)).toEqual([]);
      expect(durations).toHaveLength(3_000);
    },
    MANY_ROWS_MS,
  );

  it('holds each of 2,500 audit entries made in five milliseconds once in audit-log.csv', async () => {
    const client = await createClient(t);
    await insertPackedAudit(
      db,
      { source: 'packed', prefix: 'Packed entry', userId: client.user.id },
      { count: 2_500, perMs: 500, base: new Date(Date.now() - 3_600_000) },
    );
    const events = (await csvRows(client.user.id, 'audit-log.csv'))
      .map((row) => row.split(',')[3]!)
      .filter((event) => event.startsWith('Packed entry '));
    expect(repeatsOf(events)).toEqual([]);
    expect(events).toHaveLength(2_500);
    // Oldest first: entry 0 leads, entry 2,499 closes.
    expect([events[0], events.at(-1)]).toEqual(['Packed entry 0', 'Packed entry 2499']);
  });
});
