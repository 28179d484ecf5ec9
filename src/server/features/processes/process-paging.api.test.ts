import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { processes, runs } from '#server/db/schema.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The admin's process list pages by a cursor in both its orders (docs/decisions/030):
// newest first, and worst health first, where the keys sort in different directions and
// many processes share them. Every process comes once, in the order of the whole list.

const t = await build();
const db = t.deps.database.db;
let adminToken = '';
let clientId = '';

beforeAll(async () => {
  adminToken = (await t.createUser({ role: 'Admin' })).token;
  const client = await createClient(t);
  clientId = client.user.id;
  // Twelve processes, four of them created in one microsecond: streaks of 0–2 failures
  // and 7-day rates of 0, 1/2 or 1, or no runs, so every key ties with another.
  const sameInstant = new Date('2026-11-20T10:00:00.000Z');
  for (let i = 0; i < 12; i++) {
    const process = await createProcessFor(t, clientId, { name: `Paged ${i}` });
    if (i < 4) {
      await db
        .update(processes)
        .set({ createdAt: sameInstant })
        .where(eq(processes.id, process.id));
    }
    const outcomes = [[], [true], [false], [true, false], [false, false], [true, true]][i % 6]!;
    for (const [n, ok] of outcomes.entries()) {
      await db.insert(runs).values({
        processId: process.id,
        clientUserId: clientId,
        trigger: 'manual',
        ok,
        statusCode: ok ? 200 : 500,
        durationMs: 100,
        startedAt: new Date(Date.now() - (10 - n) * 60_000),
      });
    }
  }
});

const get = (query: string) =>
  t.injectAs(adminToken, {
    method: 'GET',
    url: `/api/admin/processes?clientUserId=${clientId}&${query}`,
  });

async function everyPage(sort: string, limit: number) {
  const ids: string[] = [];
  let after = '';
  for (let page = 0; page < 20; page++) {
    const response = await get(`sort=${sort}&limit=${limit}${after}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('12');
    ids.push(...response.json().map((p: { _id: string }) => p._id));
    const next = response.headers['x-next-cursor'];
    if (!next) return ids;
    after = `&after=${encodeURIComponent(String(next))}`;
  }
  throw new Error('the pages never ended');
}

describe('GET /api/admin/processes: pages by cursor', () => {
  for (const sort of ['newest', 'health']) {
    it(`gives every process once, in the whole list's order, sorted ${sort}`, async () => {
      const whole = (await get(`sort=${sort}&limit=100`)).json().map((p: { _id: string }) => p._id);
      expect(whole).toHaveLength(12);
      for (const limit of [1, 5]) expect(await everyPage(sort, limit)).toEqual(whole);
    });
  }

  it('refuses a cursor it did not give, and a deep offset, with a message', async () => {
    const made = `2026-11-20T10:00:00.000001Z|${crypto.randomUUID()}`;
    for (const query of [`after=${encodeURIComponent(made)}`, 'after=nonsense']) {
      const response = await get(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(pageCursorMessage);
    }
    expect((await get('offset=200')).statusCode).toBe(400);
  });
});
