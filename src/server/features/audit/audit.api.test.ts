import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { beforeParam, insertPackedAudit, repeatsOf, walkPages } from '#test/support/packed-rows.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { auditOwnText } from './search-words.ts';

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const listEntries = (query: string) =>
  t.injectAs(admin.token, { method: 'GET', url: `/api/admin/audit-logs?${query}` });

describe('GET /api/admin/audit-logs', () => {
  it('filters by level and source on the server, newest first, up to the limit', async () => {
    await audit(db, {
      level: 'info',
      source: 'alpha',
      message: 'first',
      details: { apiKey: 'k', note: 'n' },
    });
    await audit(db, { level: 'error', source: 'alpha', message: 'second' });
    await audit(db, { level: 'error', source: 'beta', message: 'third' });
    // Two writes can share a clock tick (PGlite's clock is coarse); space them so
    // "newest first" has one answer.
    for (const [message, seconds] of [
      ['first', 3],
      ['second', 2],
      ['third', 1],
    ] as const) {
      await db
        .update(auditLogs)
        .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(eq(auditLogs.message, message));
    }
    const get = (query: string) =>
      t
        .injectAs(admin.token, { method: 'GET', url: `/api/admin/audit-logs?${query}` })
        .then((r) => r.json());
    const errors = await get('limit=500&level=error&source=');
    expect(errors.map((e: { message: string }) => e.message)).toEqual(['third', 'second']);
    const alpha = await get('limit=500&level=&source=alpha');
    expect(alpha.map((e: { message: string }) => e.message)).toEqual(['second', 'first']);
    expect(alpha[1].details).toEqual({ apiKey: '[redacted]', note: 'n' });
    expect(await get('limit=1&level=&source=')).toHaveLength(1);
    expect(alpha[0]).toMatchObject({ userName: null, processName: null });
    const bad = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/audit-logs?level=panic',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("names the entry's user and process, and lists every source recorded", async () => {
    const client = await createClient(t);
    const process = await createProcessFor(t, client.user.id, { name: 'Nightly export' });
    await audit(db, {
      level: 'warning',
      source: 'gamma',
      message: 'named',
      userId: client.user.id,
      processId: process.id,
    });
    const [entry] = await t
      .injectAs(admin.token, { method: 'GET', url: '/api/admin/audit-logs?source=gamma' })
      .then((r) => r.json());
    expect(entry).toMatchObject({
      userId: client.user.id,
      userName: client.user.name,
      processId: process.id,
      processName: 'Nightly export',
    });
    const sources = await t
      .injectAs(admin.token, { method: 'GET', url: '/api/admin/audit-logs/sources' })
      .then((r) => r.json());
    expect(sources).toEqual(expect.arrayContaining(['alpha', 'beta', 'gamma']));
    expect(sources).toEqual([...sources].sort());
    expect(new Set(sources).size).toBe(sources.length);
    const refused = await t.injectAs((await t.createUser()).token, {
      method: 'GET',
      url: '/api/admin/audit-logs/sources',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('searches every field on the server and pages back through older entries', async () => {
    const client = await createClient(t);
    await db.update(users).set({ name: 'Quentin Searchable' }).where(eq(users.id, client.user.id));
    const process = await createProcessFor(t, client.user.id, { name: 'Invoice fetcher' });
    const base = Date.now() - 60_000;
    await db.insert(auditLogs).values(
      Array.from({ length: 12 }, (_, i) => ({
        level: 'info' as const,
        source: 'paging',
        message: `Paged entry ${i}`,
        userId: i === 3 ? client.user.id : null,
        processId: i === 7 ? process.id : null,
        details: i === 9 ? { code: 'RARE_100%_CODE' } : null,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const get = (query: string) =>
      t
        .injectAs(admin.token, { method: 'GET', url: `/api/admin/audit-logs?${query}` })
        .then(
          (r) =>
            r.json() as Promise<
              { _id: string; message: string; createdAt: string; cursor: string }[]
            >,
        );
    const messages = (rows: { message: string }[]) => rows.map((r) => r.message);
    expect(messages(await get('q=quentin'))).toEqual(['Paged entry 3']);
    expect(messages(await get('q=invoice%20FETCHER'))).toEqual(['Paged entry 7']);
    expect(messages(await get(`q=${encodeURIComponent(client.user.email)}`))).toEqual([
      'Paged entry 3',
    ]);
    expect(messages(await get(`q=${encodeURIComponent('rare_100%')}`))).toEqual(['Paged entry 9']);
    expect(messages(await get('q=paged%20nothing-like-this'))).toEqual([]);
    // A literal % or _ matches only itself.
    expect(await get(`q=${encodeURIComponent('%')}&source=paging`)).toHaveLength(1);

    const first = await get('source=paging&limit=5');
    expect(messages(first)).toEqual([11, 10, 9, 8, 7].map((i) => `Paged entry ${i}`));
    const last = first.at(-1)!;
    const second = await get(`source=paging&limit=5&before=${encodeURIComponent(last.cursor)}`);
    expect(messages(second)).toEqual([6, 5, 4, 3, 2].map((i) => `Paged entry ${i}`));
    // A cursor the server could not have given is refused with words, never a 500.
    for (const cursor of [
      'yesterday|x',
      `${last.createdAt}|${last._id}`,
      `2026-02-31T10:00:00.000000Z|${last._id}`,
    ]) {
      const bad = await listEntries(`before=${encodeURIComponent(cursor)}`);
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json().message).toBe(pageCursorMessage);
    }
  });

  it('pages back through 1,200 entries made in three milliseconds, each once', async () => {
    await insertPackedAudit(
      db,
      { source: 'burst', prefix: 'Burst entry' },
      { count: 1_200, perMs: 400, base: new Date(Date.now() - 60_000) },
    );
    const seen = await walkPages(async (before) => {
      const page = (await listEntries(`source=burst&limit=500${beforeParam(before)}`)).json() as {
        message: string;
        cursor: string;
      }[];
      const next = page.length < 500 ? null : (page.at(-1)?.cursor ?? null);
      return { items: page.map((entry) => entry.message), next };
    });
    expect(repeatsOf(seen)).toEqual([]);
    expect(seen).toHaveLength(1_200);
    expect([seen[0], seen.at(-1)]).toEqual(['Burst entry 1199', 'Burst entry 0']);
  });

  it('finds the entries of one person among hundreds sharing the searched name', async () => {
    const crowd = await db
      .insert(users)
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          name: `Crowded Name ${i}`,
          email: `crowded-${i}@example.test`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await audit(db, {
      level: 'info',
      source: 'crowd',
      message: 'One of many',
      userId: crowd[250]!.id,
    });
    const found = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/audit-logs?q=crowded%20name',
    });
    expect(found.json().map((e: { message: string }) => e.message)).toEqual(['One of many']);
  });

  it("matches words in an entry's own text through the trigram index", async () => {
    // The index is used only while the query's expression is the index's, to the letter.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(
        sql`explain select id from audit_logs where ${auditOwnText} ilike '%rare-word%'`,
      )) as { rows: Record<string, string>[] };
    });
    expect(plan.rows.map((row) => Object.values(row)[0]).join('\n')).toContain(
      'audit_logs_search_trgm_idx',
    );
  });
});
