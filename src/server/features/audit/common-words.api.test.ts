import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { positionOf } from '#server/db/keyset.ts';
import { insertPackedAudit, repeatsOf, walkPages } from '#test/support/packed-rows.ts';
import { build } from '#test/support/test-app.ts';
import { boundedSearchQuery } from './bounded-search.ts';
import { type AuditSearchTuning, searchWordsOf } from './search-words.ts';
import { type AuditFilter, listAuditEntries } from './service.ts';

// A search whose every word is common reads entries newest first, a window at a time
// (docs/decisions/018-run-rollups.md): the plan must walk the created_at index under a
// LIMIT and stop, and paging on from where each window stopped must give every match
// once, in order, whether the words are in many entries or in a handful.

const t = await build();
const db = t.deps.database.db;

/** Every word counts as common here, and a window is a few hundred entries. */
const tuning: AuditSearchTuning = { commonWordRows: 0, window: 300 };

const base = new Date(Date.now() - 3_600_000);

/** 3,000 entries under one source, three to a millisecond and then 40 sharing one instant. */
async function seed(source: string) {
  await insertPackedAudit(db, { source, prefix: 'Seeded entry' }, { count: 3_000, perMs: 3, base });
  await db.execute(sql`
    insert into audit_logs (level, source, message, created_at)
    select 'warning', ${source}, 'Same instant ' || i, ${base.toISOString()}::timestamptz
    from generate_series(0, 39) as i`);
  // Every third entry signs in; a handful, far apart, also mention a rare word.
  await db.execute(sql`
    update audit_logs set message = message || ' signed in'
    where source = ${source} and (substring(message from '\\d+$'))::int % 3 = 0`);
  await db.execute(sql`
    update audit_logs set message = message || ' unusual-token'
    where source = ${source}
      and (message ~ '^Seeded entry (7|15|1234|2000|2999)( |$)' or message = 'Same instant 17')`);
  await db.execute(sql`analyze audit_logs`);
}

/** What the search should answer, straight from the table, newest first at full precision. */
async function expected(source: string, word: string): Promise<string[]> {
  const rows = (await db.execute(sql`
    select message from audit_logs where source = ${source} and message ilike ${`%${word}%`}
    order by created_at desc, id desc`)) as { rows: { message: string }[] };
  return rows.rows.map((row) => row.message);
}

/** Every page of a search, each asked for with the cursor the page before gave. */
function walk(filter: Omit<AuditFilter, 'before'>) {
  return walkPages(async (before) => {
    const page = await listAuditEntries(
      db,
      { ...filter, before: before ? positionOf(before) : undefined },
      tuning,
    );
    return { items: page.entries.map((entry) => entry.message), next: page.nextCursor };
  }, 200);
}

async function planOf(database: Db, q: string, source?: string) {
  const words = await searchWordsOf(database, q, tuning);
  const scope = source ? sql`source = ${source}` : undefined;
  const query = boundedSearchQuery({ scope, words, limit: 50, window: tuning.window });
  const explained = (await database.execute(sql`explain analyze ${query}`)) as {
    rows: Record<string, string>[];
  };
  return explained.rows.map((row) => Object.values(row)[0] ?? '');
}

describe('searching the audit log for common words', () => {
  it('walks the created_at index under a limit and stops: no sort or scan of every entry', async () => {
    await seed('plan');
    const plan = await planOf(db, 'signed');
    const text = plan.join('\n');
    expect(text).toMatch(/Index Scan Backward using audit_logs_created_at_idx on audit_logs/);
    expect(text).not.toMatch(/Seq Scan on audit_logs/);
    // An Incremental Sort orders entries sharing a time by id as they come; a full Sort
    // would read every entry first.
    expect(plan.filter((line) => /^(->\s+)?Sort\s+\(cost/.test(line.trim()))).toEqual([]);
    // Above the index: the window's LIMIT, so no request reads more than the window.
    const scan = plan.findIndex((line) => line.includes('audit_logs_created_at_idx'));
    const limits = plan
      .slice(0, scan)
      .filter((line) => /^(->\s+)?Limit\s+\(cost/.test(line.trim()));
    expect(limits.length).toBeGreaterThanOrEqual(2);
    // And it stopped: 50 matches of a word in every third entry are found in ~150 entries.
    const read = Number(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(plan[scan] ?? '')?.[1]);
    expect(read).toBeGreaterThanOrEqual(150);
    expect(read).toBeLessThan(300);
  });

  it('pages through a word in every third entry: each match once, newest first', async () => {
    await seed('many');
    const want = await expected('many', 'signed');
    expect(want.length).toBe(1_014);
    const seen = await walk({ limit: 100, q: 'SIGNED', source: 'many' });
    expect(repeatsOf(seen)).toEqual([]);
    expect(seen).toEqual(want);
  });

  it('pages through a rare word window by window, finding each of its six entries', async () => {
    await seed('rare');
    const want = await expected('rare', 'unusual-token');
    expect(want).toHaveLength(6);
    const pages: number[] = [];
    const seen = await walkPages(async (before) => {
      const page = await listAuditEntries(
        db,
        {
          limit: 100,
          q: 'unusual-token signed',
          source: 'rare',
          before: before ? positionOf(before) : undefined,
        },
        tuning,
      );
      pages.push(page.entries.length);
      return { items: page.entries.map((entry) => entry.message), next: page.nextCursor };
    }, 200);
    // Both words: only the rare entries that also sign in.
    expect(seen).toEqual(want.filter((message) => message.includes('signed')));
    // A window reads 300 entries, so 3,040 take eleven pages, most of them empty.
    expect(pages).toHaveLength(11);
    expect(pages.filter((count) => count === 0).length).toBeGreaterThan(5);
    const alone = await walk({ limit: 100, q: 'unusual-token', source: 'rare' });
    expect(alone).toEqual(want);
  });

  it('answers X-Next-Cursor beside the spec’s array, absent on the last page', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    await insertPackedAudit(
      db,
      { source: 'header', prefix: 'Header entry' },
      { count: 7, perMs: 3, base },
    );
    const get = (query: string) =>
      t.injectAs(admin.token, { method: 'GET', url: `/api/admin/audit-logs?${query}` });
    const first = await get('source=header&limit=5&q=header');
    expect(first.json()).toHaveLength(5);
    const next = first.headers['x-next-cursor'];
    expect(next).toBe(first.json()[4].cursor);
    const last = await get(
      `source=header&limit=5&q=header&before=${encodeURIComponent(String(next))}`,
    );
    expect(last.json().map((entry: { message: string }) => entry.message)).toEqual([
      'Header entry 1',
      'Header entry 0',
    ]);
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });
});
