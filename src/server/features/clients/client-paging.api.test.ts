import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { offsetGoneMessage } from '#shared/paging.ts';
import { repeatsOf, walkPages } from '#test/support/packed-rows.ts';
import { build } from '#test/support/test-app.ts';

// GET /api/admin/clients pages with a keyset in each of its orders: a page starts after
// the last account of the page before, named by the X-Next-Cursor it answered
// (docs/decisions/019-keyset-at-database-precision.md). Walking every page gives every
// account once and in the order of one long page, however many share a creation time to
// the microsecond, a name or a company.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin', name: 'Ada Admin' });
const get = (query: string) =>
  t.injectAs(admin.token, { method: 'GET', url: `/api/admin/clients?${query}` });

interface Row {
  _id: string;
  name: string;
}

// 130 accounts "Walker i": three to a millisecond, and every tenth at the very
// microsecond of the one before; names repeat every 40 and companies every 25, with every
// seventh account without a company.
await db.execute(sql`
  insert into users (name, email, password_hash, company_name, role, created_at)
  select 'Walker ' || (i % 40), 'walker' || i || '@walk.test', 'not a hash',
         case when i % 7 = 0 then null else 'Firm ' || (i % 25) end, 'Client',
         timestamptz '2026-02-01T00:00:00Z'
           + ((i - (case when i % 10 = 0 then 1 else 0 end)) / 3) * interval '1 millisecond'
           + ((i - (case when i % 10 = 0 then 1 else 0 end)) % 3 * 300 + 1) * interval '1 microsecond'
  from generate_series(1, 130) as i`);

const walk = (query: string, limit: number) =>
  walkPages(async (after) => {
    const page = await get(
      `${query}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    return {
      items: (page.json() as Row[]).map((row) => row._id),
      next: (page.headers['x-next-cursor'] as string | undefined) ?? null,
    };
  }, 100);

describe('GET /api/admin/clients, page by page', () => {
  for (const sort of ['newest', 'oldest', 'name', 'company'] as const) {
    it(`gives every account once in the ${sort} order`, async () => {
      const whole = (await get(`q=walk.test&sort=${sort}&limit=500`)).json() as Row[];
      expect(whole).toHaveLength(130);
      const walked = await walk(`q=walk.test&sort=${sort}`, 17);
      expect(repeatsOf(walked)).toEqual([]);
      expect(walked).toEqual(whole.map((row) => row._id));
    });
  }

  it('keeps the total on every page and gives no cursor on the last', async () => {
    const first = await get('q=walk.test&limit=100');
    expect(first.headers['x-total-count']).toBe('130');
    const after = encodeURIComponent(first.headers['x-next-cursor'] as string);
    const last = await get(`q=walk.test&limit=100&after=${after}`);
    expect(last.json()).toHaveLength(30);
    expect(last.headers['x-total-count']).toBe('130');
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a cursor of another order or list, or none at all, with a message', async () => {
    const byName = (await get('q=walk.test&sort=name&limit=5')).headers['x-next-cursor'];
    const newest = (await get('q=walk.test&limit=5')).headers['x-next-cursor'];
    const audit = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/audit-logs' });
    const refused: [string, string][] = [
      ['sort=newest', String(byName)],
      ['sort=name', String(newest)],
      ['sort=company', String(byName)],
      ['sort=newest', 'nonsense'],
      ['sort=name', 'name:!!!|nope'],
      ['sort=name', `name:${'x'.repeat(2000)}`],
      // Well formed, but naming no account.
      ['sort=newest', `2026-02-01T00:00:00.000001Z|${crypto.randomUUID()}`],
      ['sort=newest', (audit.json() as { cursor: string }[])[0]?.cursor ?? 'none'],
    ];
    for (const [order, cursor] of refused) {
      const answer = await get(`${order}&after=${encodeURIComponent(cursor)}`);
      expect(answer.statusCode, `${order} ${cursor}`).toBe(400);
      expect(answer.json().message).toContain(pageCursorMessage);
    }
  });

  it('takes offset 0 from a caller of the offset pages, and refuses a deeper one', async () => {
    expect((await get('offset=0')).statusCode).toBe(200);
    const deep = await get('offset=200');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors.offset).toBe(offsetGoneMessage);
  });
});
