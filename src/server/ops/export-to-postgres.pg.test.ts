import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { withDatabase } from '#test/support/global-setup.ts';
import { fillSampleData, snapshotTables } from '#test/support/sample-data.ts';
import { build } from '#test/support/test-app.ts';
import { exportToPostgres } from './export-to-postgres.ts';

// npm run db:export-to-postgres, called as a function: an embedded installation with one
// of everything moves to an empty PostgreSQL database row for row, and a server started
// on that database sees every client, process, run, schedule, invoice and audit entry.
// PostgreSQL only, so this file runs in api-postgres.

const root = mkdtempSync(join(tmpdir(), 'export-'));
const dataDir = join(root, 'data');
mkdirSync(dataDir);
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
const databases: string[] = [];
afterAll(async () => {
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(root, { recursive: true, force: true });
});

/** A new, empty PostgreSQL database, dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `export_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  databases.push(name);
  return withDatabase(process.env.DATABASE_URL!, name);
}

const source = await openDatabase({ dataDir });
await source.migrate();
const sample = await fillSampleData(source.db);
const embedded = await snapshotTables(
  async <T>(text: string) => (await source.pglite!.query<T>(text)).rows,
);
await source.close();

const targetUrl = await emptyDatabase();
const progress: string[] = [];
const counts = await exportToPostgres({
  dataDir,
  databaseUrl: targetUrl,
  batchSize: 1, // one row per round trip: every table pages through its cursor
  onProgress: (table, rows) => progress.push(`${table}:${rows}`),
});
const exported = await openDatabase({ databaseUrl: targetUrl });
afterAll(() => exported.close());
const t = await build({ database: exported });

describe('export of the embedded database to PostgreSQL', () => {
  it('copies every row of every table exactly, and says how many', async () => {
    const onPostgres = await snapshotTables(
      async <T>(text: string) => (await exported.pool!.query(text)).rows as T[],
    );
    expect(onPostgres).toEqual(embedded);
    expect(counts.find((c) => c.table === 'users')).toEqual({ table: 'users', rows: 2 });
    expect(counts.find((c) => c.table === 'runs')).toEqual({ table: 'runs', rows: 2 });
    expect(progress).toContain('runs:2');
  });

  it('gives a server on PostgreSQL every client, process, run, schedule, invoice and audit entry', async () => {
    // New rows go in beside the copied ones (sequences continued, constraints back).
    const staff = await t.createUser({ role: 'Admin' });
    const get = async (token: string, url: string) => {
      const response = await t.injectAs(token, {
        method: 'GET',
        url,
        remoteAddress: '203.0.113.7',
      });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const clients = await get(staff.token, '/api/admin/clients');
    expect(JSON.stringify(clients)).toContain('olive@example.test');
    expect(JSON.stringify(clients)).toContain('zoe@example.test');
    expect(JSON.stringify(await get(staff.token, '/api/admin/processes'))).toContain('Lead intake');
    const audit = JSON.stringify(await get(staff.token, '/api/admin/audit-logs?limit=500'));
    expect(audit).toContain('Nested details');
    expect(audit).toContain('No details');

    const asOlive = await t.impersonate(staff.token, sample.owner.id);
    const runs = await get(asOlive, `/api/n8n/processes/${sample.process.id}/runs`);
    // The other sample run is older than the plan's retention window, so the history
    // rightly leaves it out (the first test found it copied).
    expect(runs.runs.map((run: { statusCode: number }) => run.statusCode)).toEqual([502]);
    expect(JSON.stringify(runs)).toContain('Bad gateway');
    expect(JSON.stringify(await get(asOlive, '/api/scheduler'))).toContain('0 9 * * 1-5');
    expect(JSON.stringify(await get(asOlive, '/api/zoho/invoices'))).toContain('INV-2026-0001');
  });

  it('refuses a database that already holds rows, and writes nothing to it', async () => {
    await expect(exportToPostgres({ dataDir, databaseUrl: targetUrl })).rejects.toThrow(
      /is not empty \(rows in .*users.*\)\. The export needs an empty database/,
    );
    const { rows } = await exported.pool!.query<{ n: number }>(
      "select count(*)::int as n from users where email like '%example.test'",
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3); // the two copied and the admin, no more
  });

  it('refuses while a server holds the data directory', async () => {
    writeFileSync(join(dataDir, 'server.lock'), String(process.ppid));
    try {
      await expect(
        exportToPostgres({ dataDir, databaseUrl: await emptyDatabase() }),
      ).rejects.toThrow(/in use by a running server .*Stop it first/);
    } finally {
      rmSync(join(dataDir, 'server.lock'));
    }
  });
});
